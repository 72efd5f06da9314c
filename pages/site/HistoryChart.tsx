import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Spin, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteNavigate, useRuntime } from '../../runtime';
import { alarmBandNames, clickedAlarm, EChart, withAlarmBands } from '../../runtime/dashboard';
import { useAnswer } from '../../runtime/api/useAnswer';
import { downloadCsv, safeFileName } from '../../runtime/format/csv';
import { WARNING_RECORD_ROUTE } from '../../widgets/station-alarm-status/rules';
import { historyAlarmBands, historyOption, type HistorySeries } from './historyOption';
import { curveRows, sampleRows } from './historyTable';
import type { StationRecord } from './useStations';
import type { VariableRecord } from './useVariablePick';

export interface HistoryQuery {
  /** The station of the variables, when its alarms of the period are to be marked on the curves. */
  station?: Pick<StationRecord, 'sn' | 'timeZone'>;
  variables: VariableRecord[];
  resolution: 'RAW' | 'HOUR' | 'DAY' | 'MONTH';
  /**
   * A report group drawn in place of `variables` and `resolution`: its variables by its method,
   * as samples up to two days, hourly figures up to 62 and daily ones beyond (getReportGroupTrend).
   */
  reportGroup?: number;
  /** Start and end in the station's zone, `YYYY-MM-DD HH:mm`. */
  startTime: string;
  endTime: string;
}

/** A report group's variables while its answer has not come. */
const NO_VARIABLES: VariableRecord[] = [];

/** The most samples per variable a file of samples holds (the call's own limit). */
const SAMPLES_PER_VARIABLE = 5000;

/**
 * The curves of variables over a period, from the stored samples (getHistoryTrend), on one time
 * axis, with the station's alarms of the period as bands (getPeriodAlarms, asked for beside them);
 * a click on a band opens that alarm over the station's alarm records. Under them, per variable,
 * its lowest and highest stored values of the period (getAccuSummarized) with the curve's points
 * and their average; and the period's samples as a CSV file (getOneTimeDatas).
 */
export function HistoryChart({ station, variables: picked, resolution, startTime, endTime, reportGroup }: HistoryQuery) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useRouteNavigate();
  const pickedSns = picked.map((variable) => variable.sn).join(',');
  const answer = useAnswer<{ series: HistorySeries[]; variables: VariableRecord[] }>(
    reportGroup !== undefined
      ? async () => {
          const group = await api.call(
            'getReportGroupTrend',
            { params: { id: reportGroup }, query: { startTime, endTime } },
            { silent: true },
          );
          return {
            series: group.series.map(({ sn, unit, points }) => ({ sn, unit, datas: points })),
            variables: group.series.map(({ sn, name, unit }) => ({ sn, name, unit, kind: '' })),
          };
        }
      : pickedSns
        ? async () => ({
            series: await api.call(
              'getHistoryTrend',
              { query: { sns: pickedSns, calcmethod: 'AVG', queryPeriod: resolution, startTime, endTime, points: 1000 } },
              { silent: true },
            ),
            variables: picked,
          })
        : undefined,
    `${reportGroup ?? pickedSns}|${reportGroup === undefined ? resolution : 'group'}|${startTime}|${endTime}`,
  );
  // The variables drawn: those picked, or the report group's as its answer names them.
  const variables = reportGroup === undefined ? picked : (answer.data?.variables ?? NO_VARIABLES);
  const sns = variables.map((variable) => variable.sn).join(',');
  // Without its alarms (a failure is not the curves' failure), the curves show unmarked.
  const alarms = useAnswer(
    station
      ? () => api.call('getPeriodAlarms', { query: { stationSn: station.sn, startTime, endTime } }, { silent: true })
      : undefined,
    `${station?.sn ?? ''}|${startTime}|${endTime}`,
  );
  // The stored extremes of the period, not the curve's: its points may be averages.
  const extremes = useAnswer(
    sns
      ? () =>
          Promise.all(
            (['MIN', 'MAX'] as const).map((calcmethod) =>
              api.call('getAccuSummarized', { query: { sns, calcmethod, startTime, endTime } }, { silent: true }),
            ),
          )
      : undefined,
    `${sns}|${startTime}|${endTime}`,
  );
  const [exporting, setExporting] = useState(false);
  const exportSamples = () => {
    setExporting(true);
    api
      .call('getOneTimeDatas', { query: { sns, querytimes: `${startTime},${endTime}`, points: SAMPLES_PER_VARIABLE } })
      .then((answer) => {
        const heading = ['time', 'name', 'sn', 'value', 'unit'].map((key) => t(`siteViews.curve.${key}`));
        const name = `${t('siteViews.samples')} ${startTime} ${endTime}.csv`;
        downloadCsv(sampleRows(answer, variables, heading), safeFileName(name));
      })
      // The API client has shown why.
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const zone = station?.timeZone ?? '';
  const bands = useMemo(
    () => (alarms.data && zone ? historyAlarmBands(alarms.data, zone, { startTime, endTime }) : []),
    [alarms.data, zone, startTime, endTime],
  );
  const option = useMemo(
    () =>
      answer.data &&
      withAlarmBands(historyOption(answer.data.series, variables, { startTime, endTime }), bands, alarmBandNames(t), zone),
    [answer.data, variables, startTime, endTime, bands, t, zone],
  );
  if (reportGroup === undefined && !pickedSns) return <Empty description={t('siteViews.pickVariables')} />;
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  if (!answer.data || !option) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (answer.data.series.every((series) => series.datas.length === 0)) return <Empty description={t('common.empty')} />;
  const rows = curveRows(answer.data.series, variables, extremes.data?.[0], extremes.data?.[1]);
  const column = (key: keyof (typeof rows)[number]) => ({ key, dataIndex: key, title: t(`siteViews.curve.${key}`) });
  return (
    <Flex vertical gap="middle">
      <Flex justify="flex-end">
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportSamples}>
          {t('siteViews.exportSamples')}
        </Button>
      </Flex>
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
      <Typography.Text type="secondary">{t('siteViews.extremesNote')}</Typography.Text>
    </Flex>
  );
}
