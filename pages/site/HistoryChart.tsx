import { Alert, Empty, Flex, Spin, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteNavigate, useRuntime } from '../../runtime';
import { alarmBandNames, clickedAlarm, EChart, withAlarmBands } from '../../runtime/dashboard';
import { useAnswer } from '../../runtime/api/useAnswer';
import { WARNING_RECORD_ROUTE } from '../../widgets/station-alarm-status/rules';
import { historyAlarmBands, historyOption } from './historyOption';
import type { StationRecord } from './useStations';
import type { VariableRecord } from './useVariablePick';

export interface HistoryQuery {
  /** The station of the variables, when its alarms of the period are to be marked on the curves. */
  station?: Pick<StationRecord, 'sn' | 'timeZone'>;
  variables: VariableRecord[];
  resolution: 'RAW' | 'HOUR' | 'DAY' | 'MONTH';
  /** Start and end in the station's zone, `YYYY-MM-DD HH:mm`. */
  startTime: string;
  endTime: string;
}

/**
 * The curves of variables over a period, from the stored samples (getHistoryTrend), on one time
 * axis, with the station's alarms of the period as bands (getPeriodAlarms, asked for beside them);
 * a click on a band opens that alarm over the station's alarm records.
 */
export function HistoryChart({ station, variables, resolution, startTime, endTime }: HistoryQuery) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useRouteNavigate();
  const sns = variables.map((variable) => variable.sn).join(',');
  const answer = useAnswer(
    sns
      ? () =>
          api.call(
            'getHistoryTrend',
            { query: { sns, calcmethod: 'AVG', queryPeriod: resolution, startTime, endTime, points: 1000 } },
            { silent: true },
          )
      : undefined,
    `${sns}|${resolution}|${startTime}|${endTime}`,
  );
  // Without its alarms (a failure is not the curves' failure), the curves show unmarked.
  const alarms = useAnswer(
    station
      ? () => api.call('getPeriodAlarms', { query: { stationSn: station.sn, startTime, endTime } }, { silent: true })
      : undefined,
    `${station?.sn ?? ''}|${startTime}|${endTime}`,
  );
  const zone = station?.timeZone ?? '';
  const bands = useMemo(
    () => (alarms.data && zone ? historyAlarmBands(alarms.data, zone, { startTime, endTime }) : []),
    [alarms.data, zone, startTime, endTime],
  );
  const option = useMemo(
    () =>
      answer.data &&
      withAlarmBands(historyOption(answer.data, variables, { startTime, endTime }), bands, alarmBandNames(t), zone),
    [answer.data, variables, startTime, endTime, bands, t, zone],
  );
  if (!sns) return <Empty description={t('siteViews.pickVariables')} />;
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  if (!answer.data || !option) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (answer.data.every((series) => series.datas.length === 0)) return <Empty description={t('common.empty')} />;
  const rows = answer.data.map((series) => {
    const values = series.datas.map((point) => point.value);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      sn: series.sn,
      name: variables.find((entry) => entry.sn === series.sn)?.name ?? series.sn,
      unit: series.unit,
      points: values.length,
      min: values.length ? round(Math.min(...values)) : '--',
      max: values.length ? round(Math.max(...values)) : '--',
      average: values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length) : '--',
    };
  });
  const column = (key: keyof (typeof rows)[number]) => ({ key, dataIndex: key, title: t(`siteViews.curve.${key}`) });
  return (
    <Flex vertical gap="middle">
      <EChart
        option={option}
        label={t('siteViews.curves')}
        height={420}
        onClick={(event) => {
          const alarm = clickedAlarm(bands, event);
          if (station && alarm) navigate(WARNING_RECORD_ROUTE, { station: station.sn, alarm: String(alarm.id) });
        }}
      />
      <Table
        size="small"
        rowKey="sn"
        pagination={false}
        dataSource={rows}
        columns={[column('name'), column('unit'), column('min'), column('max'), column('average'), column('points')]}
      />
    </Flex>
  );
}
