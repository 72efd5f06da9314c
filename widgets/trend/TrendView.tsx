import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChartOption,
  EChart,
  SeriesLegend,
  type SlotState,
  WidgetStatus,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { alignSeries, axisLabel, configuredNodes, type TrendConfig } from './rules';

type Answer = { sn: string; unit: string; datas: { time: string; value: number }[] }[];

const answerOf = (slot: SlotState | undefined): Answer =>
  slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as Answer) : [];

export function TrendView({ config, data }: WidgetViewProps<TrendConfig>) {
  const { t } = useTranslation();
  const nodes = useMemo(() => configuredNodes(config), [config]);
  const aligned = useMemo(
    () =>
      alignSeries(
        answerOf(data.trend),
        nodes.map((node) => node.deviceVar.varSn),
      ),
    [data.trend, nodes],
  );
  const option = useMemo((): ChartOption => {
    const { maxChecked, minChecked, avgChecked } = config.selChecked ?? {};
    const bar = config.showType === 'bar';
    const normal = config.queryInterval === 'NORMAL';
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, top: 32, bottom: 32 },
      xAxis: {
        type: 'category',
        data: aligned.times,
        boundaryGap: bar,
        axisLabel: { formatter: (time: string) => axisLabel(time, config.queryInterval) },
      },
      yAxis: { type: 'value' },
      series: nodes.map((node) => {
        const common = {
          name: node.name || node.deviceVar.varSn,
          color: node.color,
          data: aligned.values[node.deviceVar.varSn] ?? [],
          markPoint: {
            data: [
              ...(maxChecked ? [{ type: 'max' as const, name: t('widgets.trend.itemFields.selChecked.maxChecked') }] : []),
              ...(minChecked ? [{ type: 'min' as const, name: t('widgets.trend.itemFields.selChecked.minChecked') }] : []),
            ],
          },
          // The average is shown rounded as the values are.
          markLine: {
            precision: 1,
            data: avgChecked ? [{ type: 'average' as const, name: t('widgets.trend.itemFields.selChecked.avgChecked') }] : [],
          },
        };
        return bar
          ? { type: 'bar' as const, ...common, ...(normal ? { barWidth: '10%', barMaxWidth: 20 } : {}) }
          : { type: 'line' as const, ...common, connectNulls: true, showSymbol: false };
      }),
    };
  }, [aligned, nodes, config.selChecked, config.showType, config.queryInterval, t]);
  const empty = data.trend?.status === 'ready' && aligned.times.length === 0;
  return (
    <WidgetStatus data={data} empty={nodes.length === 0 ? t('widgets.common.pleaseConfigure') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <SeriesLegend
            label={t('widgets.trend.series')}
            marker="line"
            entries={nodes.map((node, index) => {
              const unit = aligned.units[node.deviceVar.varSn];
              return { key: index, name: `${node.name || node.deviceVar.varSn}${unit ? ` (${unit})` : ''}`, color: node.color };
            })}
          />
          {empty ? <Typography.Text type="secondary">{t('widgets.common.noData')}</Typography.Text> : null}
          <div style={{ flex: 1, minHeight: 180 }}>
            <EChart option={option} label={t('widgets.trend.chart')} />
          </div>
          {config.appendInformation ? <Typography.Text type="secondary">{config.appendInformation}</Typography.Text> : null}
        </div>
      )}
    </WidgetStatus>
  );
}
