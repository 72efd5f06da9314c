import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, formatFigure, SeriesLegend, seriesColor, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { typeCounts, workTypeStatisticsOption, type WorkTypeStatisticsConfig } from './rules';

export function WorkTypeStatisticsView({ config, data }: WidgetViewProps<WorkTypeStatisticsConfig>) {
  const { t } = useTranslation();
  const counted = useMemo(() => typeCounts(data.types), [data.types]);
  const option = useMemo(
    () =>
      workTypeStatisticsOption(config.chart, counted?.entries ?? [], {
        kind: (type) => enumLabel(t, 'siteopsWorkType', type),
        total: t('widgets.workTypeStatistics.total'),
      }),
    [counted, config.chart, t],
  );
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
