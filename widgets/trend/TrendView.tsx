import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { variableLabel } from '../../runtime/charts/seriesName';
import {
  alarmBandNames,
  clickedAlarm,
  EChart,
  SeriesLegend,
  WidgetStatus,
  withAlarmBands,
  type WidgetViewProps,
} from '../../runtime/dashboard';
import { WARNING_RECORD_ROUTE } from '../station-alarm-status/rules';
import { trendAlarmBands } from './alarms';
import { configuredNodes, trendAnswer, trendOption, trendSeries, type TrendConfig } from './rules';

export function TrendView({ config, data, context, actions }: WidgetViewProps<TrendConfig>) {
  const { t } = useTranslation();
  const series = useMemo(() => trendSeries(config, trendAnswer(data.trend), data.names), [config, data.trend, data.names]);
  const bands = useMemo(() => trendAlarmBands(config, data.alarms, context), [config, data.alarms, context]);
  const option = useMemo(
    () =>
      withAlarmBands(
        trendOption(config, series, context, {
          max: t('widgets.trend.itemFields.selChecked.maxChecked'),
          min: t('widgets.trend.itemFields.selChecked.minChecked'),
          average: t('widgets.trend.itemFields.selChecked.avgChecked'),
        }),
        bands,
        alarmBandNames(t),
        context.station.timeZone,
      ),
    [config, series, context, bands, t],
  );
  // The alarms are marks on the curves: when they cannot be had, the curves still show.
  const { alarms: _alarms, ...values } = data;
  const empty = data.trend?.status === 'ready' && series.every((entry) => entry.points.length === 0);
  return (
    <WidgetStatus data={values} empty={configuredNodes(config).length === 0 ? t('widgets.common.pleaseConfigure') : false}>
      {() => (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <SeriesLegend
            label={t('widgets.trend.series')}
            marker="line"
            entries={series.map((entry, index) => ({ key: index, name: variableLabel(entry), color: entry.node.color }))}
          />
          {empty ? <Typography.Text type="secondary">{t('widgets.common.noData')}</Typography.Text> : null}
          <div style={{ flex: 1, minHeight: 180 }}>
            <EChart
              option={option}
              label={t('widgets.trend.chart')}
              onClick={(event) => {
                // A band opens its alarm over the alarm records of the station.
                const alarm = clickedAlarm(bands, event);
                if (alarm) actions.navigate(WARNING_RECORD_ROUTE, { station: context.station.sn, alarm: String(alarm.id) });
              }}
            />
          </div>
          {config.appendInformation ? <Typography.Text type="secondary">{config.appendInformation}</Typography.Text> : null}
        </div>
      )}
    </WidgetStatus>
  );
}
