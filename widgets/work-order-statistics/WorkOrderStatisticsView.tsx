import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { EChart, SeriesLegend, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { STATUS_CHART_COLORS, WORKSHEET_STATUSES } from '../work-order-list/rules';
import { periodOf, statusBars, workOrderStatisticsOption, type WorkOrderStatisticsConfig } from './rules';

export function WorkOrderStatisticsView({ config, data, context }: WidgetViewProps<WorkOrderStatisticsConfig>) {
  const { t } = useTranslation();
  const bars = useMemo(() => statusBars(config, context, data.counts), [config, context, data.counts]);
  const option = useMemo(
    () => workOrderStatisticsOption(bars, (status) => enumLabel(t, 'siteopsWorksheetStatus', status)),
    [bars, t],
  );
  const nothing = bars !== undefined && bars.total === 0;
  return (
    <WidgetStatus data={data} empty={nothing ? t('widgets.common.noData') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
          <Typography.Text>
            <Typography.Text type="secondary">{enumLabel(t, 'workOrderStatisticsPeriod', periodOf(config))}</Typography.Text>
            {' · '}
            {t('widgets.workOrderStatistics.total')}{' '}
            <Typography.Text strong aria-label={t('widgets.workOrderStatistics.total')}>
              {bars?.total ?? 0}
            </Typography.Text>
          </Typography.Text>
          <SeriesLegend
            label={t('widgets.workOrderStatistics.list')}
            marker="square"
            entries={WORKSHEET_STATUSES.map((status) => ({
              key: status,
              name: enumLabel(t, 'siteopsWorksheetStatus', status),
              color: STATUS_CHART_COLORS[status],
              figure: bars?.totals[status] ?? 0,
            }))}
          />
          <div style={{ flex: 1, minHeight: 140 }}>
            <EChart option={option} label={t('widgets.workOrderStatistics.chart')} />
          </div>
        </div>
      )}
    </WidgetStatus>
  );
}
