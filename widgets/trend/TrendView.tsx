import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChartCanvas,
  type ChartConfig,
  SeriesLegend,
  seriesMarks,
  type SlotState,
  WidgetStatus,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { alignSeries, axisLabel, configuredNodes, roundValue, type TrendConfig } from './rules';

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
  const chart = useMemo((): ChartConfig<'bar' | 'line'> => {
    const { maxChecked, minChecked, avgChecked } = config.selChecked ?? {};
    const bar = config.showType === 'bar';
    const normal = config.queryInterval === 'NORMAL';
    const names = {
      max: t('widgets.trend.itemFields.selChecked.maxChecked'),
      min: t('widgets.trend.itemFields.selChecked.minChecked'),
      average: t('widgets.trend.itemFields.selChecked.avgChecked'),
    };
    const series = nodes.map((node) => ({ node, values: aligned.values[node.deviceVar.varSn] ?? [] }));
    return {
      type: bar ? 'bar' : 'line',
      data: {
        labels: aligned.times,
        datasets: series.map(({ node, values }) => ({
          label: node.name || node.deviceVar.varSn,
          data: values,
          backgroundColor: node.color,
          borderColor: node.color,
          // Bars of the day's samples are thin (10 % of their place, at most 20 px); a line has no dots.
          ...(bar ? (normal ? { barPercentage: 0.1, categoryPercentage: 1, maxBarThickness: 20 } : {}) : {}),
          ...(bar ? {} : { spanGaps: true, pointRadius: 0, borderWidth: 2 }),
        })),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            offset: bar,
            ticks: {
              callback(value) {
                return axisLabel(this.getLabelForValue(Number(value)), config.queryInterval);
              },
            },
          },
        },
        plugins: {
          annotation: {
            annotations: Object.assign(
              {},
              ...series.map(({ node, values }, index) =>
                seriesMarks(
                  String(index),
                  values,
                  node.color,
                  { max: maxChecked, min: minChecked, average: avgChecked },
                  names,
                  // The marks are written rounded as the values are (1 decimal).
                  (value) => String(roundValue(value)),
                ),
              ),
            ),
          },
        },
      },
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
            <ChartCanvas config={chart} label={t('widgets.trend.chart')} />
          </div>
          {config.appendInformation ? <Typography.Text type="secondary">{config.appendInformation}</Typography.Text> : null}
        </div>
      )}
    </WidgetStatus>
  );
}
