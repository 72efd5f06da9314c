import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import {
  EChart,
  formatFigure,
  SeriesLegend,
  seriesColor,
  WidgetStatus,
  type ChartOption,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { typeCounts, type WorkTypeStatisticsConfig } from './rules';

export function WorkTypeStatisticsView({ config, data }: WidgetViewProps<WorkTypeStatisticsConfig>) {
  const { t } = useTranslation();
  const counted = useMemo(() => typeCounts(data.types), [data.types]);
  const option = useMemo<ChartOption>(() => {
    const entries = (counted?.entries ?? []).map((entry, index) => ({
      name: enumLabel(t, 'siteopsWorkType', entry.type),
      value: entry.count,
      itemStyle: { color: seriesColor(index) },
    }));
    if (config.chart === 'bar') {
      return {
        grid: { left: 32, right: 8, top: 8, bottom: 24 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: entries.map((entry) => entry.name) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', data: entries, barMaxWidth: 24 }],
      };
    }
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '75%'],
          // The names are in the list beside (outer labels do not fit a widget's width): each slice shows its count.
          label: { position: 'inside', formatter: '{c}' },
          labelLine: { show: false },
          // A kind without work orders has no slice (its 0 is in the list beside).
          data: entries.filter((entry) => entry.value > 0),
        },
      ],
    };
  }, [counted, config.chart, t]);
  const nothing = counted !== undefined && counted.total === 0;
  return (
    <WidgetStatus data={data} empty={nothing ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', height: '100%', gap: 8 }}>
          <div style={{ flex: 1, minWidth: 120, minHeight: 160 }}>
            <EChart option={option} label={t('widgets.workTypeStatistics.chart')} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 4, maxWidth: '45%' }}>
            <Typography.Text type="secondary">{enumLabel(t, 'workTypeStatisticsPeriod', config.period)}</Typography.Text>
            <Typography.Text>
              {t('widgets.workTypeStatistics.total')}{' '}
              <Typography.Text strong aria-label={t('widgets.workTypeStatistics.total')}>
                {counted?.total ?? 0}
              </Typography.Text>
            </Typography.Text>
            <SeriesLegend
              label={t('widgets.workTypeStatistics.list')}
              marker="square"
              entries={(counted?.entries ?? []).map((entry, index) => ({
                key: entry.type,
                name: enumLabel(t, 'siteopsWorkType', entry.type),
                color: seriesColor(index),
                figure: `${entry.count} (${formatFigure(entry.share, 1)}%)`,
              }))}
            />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
