import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import {
  ChartCanvas,
  formatFigure,
  SeriesLegend,
  seriesColor,
  WidgetStatus,
  type ChartConfig,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { typeCounts, type WorkTypeStatisticsConfig } from './rules';

export function WorkTypeStatisticsView({ config, data }: WidgetViewProps<WorkTypeStatisticsConfig>) {
  const { t } = useTranslation();
  const counted = useMemo(() => typeCounts(data.types), [data.types]);
  const chart = useMemo<ChartConfig<'bar' | 'doughnut'>>(() => {
    const entries = (counted?.entries ?? []).map((entry, index) => ({
      name: enumLabel(t, 'siteopsWorkType', entry.type),
      count: entry.count,
      share: entry.share,
      color: seriesColor(index),
    }));
    if (config.chart === 'bar') {
      return {
        type: 'bar',
        data: {
          labels: entries.map((entry) => entry.name),
          datasets: [
            {
              label: t('widgets.workTypeStatistics.total'),
              data: entries.map((entry) => entry.count),
              backgroundColor: entries.map((entry) => entry.color),
              maxBarThickness: 24,
            },
          ],
        },
        // Counts are whole: no axis mark between 0 and 1.
        options: { scales: { y: { ticks: { precision: 0 } } } },
      };
    }
    // A kind without work orders has no slice (its 0 is in the list beside).
    const slices = entries.filter((entry) => entry.count > 0);
    return {
      type: 'doughnut',
      data: {
        labels: slices.map((entry) => entry.name),
        datasets: [{ data: slices.map((entry) => entry.count), backgroundColor: slices.map((entry) => entry.color) }],
      },
      options: {
        cutout: '45%',
        plugins: {
          // The names are in the list beside (outer labels do not fit a widget's width): each slice shows its count.
          sliceLabels: { text: (index) => String(slices[index]?.count ?? '') },
          tooltip: {
            callbacks: {
              label: (item) => {
                const slice = slices[item.dataIndex];
                return slice ? `${slice.count} (${formatFigure(slice.share, 1)}%)` : '';
              },
            },
          },
        },
      },
    };
  }, [counted, config.chart, t]);
  const nothing = counted !== undefined && counted.total === 0;
  return (
    <WidgetStatus data={data} empty={nothing ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', height: '100%', gap: 8 }}>
          <div style={{ flex: 1, minWidth: 120, minHeight: 160 }}>
            <ChartCanvas config={chart} label={t('widgets.workTypeStatistics.chart')} />
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
