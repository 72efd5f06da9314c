import { Alert, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryCurves } from '../../generated/meta';
import { enumLabel } from '../../runtime';
import { StationZoneNote } from '../../runtime/format/StationZoneNote';
import { HistoryChart, type HistoryQuery } from './HistoryChart';
import { SiteScreen } from './SiteScreen';
import { useStations, type StationRecord } from './useStations';
import { useReportGroupPick } from './useReportGroupPick';
import { useVariablePick } from './useVariablePick';
import { viewOf, type SiteScreenProps } from './views';

const RESOLUTIONS = ['RAW', 'HOUR', 'DAY', 'MONTH'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm';

/** Device, variables, period and resolution of one station's curves. */
function Curves({ station, view }: { station: StationRecord; view: HistoryCurves }) {
  const { t } = useTranslation();
  const { chosen, controls } = useVariablePick(station.sn, view.deviceKinds, (variables) => {
    const preferred = variables.filter((variable) => view.variables?.includes(variable.code ?? ''));
    const firstGauge = variables.filter((variable) => variable.kind === 'gauge').slice(0, 1);
    return preferred.length ? preferred : firstGauge.length ? firstGauge : variables.slice(0, 1);
  });
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().endOf('day')]);
  const [resolution, setResolution] = useState<HistoryQuery['resolution']>('RAW');
  // Or a report group's variables, by its method at the resolution its span takes.
  const { reportGroup, control: groupControl, error } = useReportGroupPick(station, true);
  return (
    <Flex wrap gap="middle" align="center">
      {groupControl}
      {reportGroup === undefined ? controls : null}
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format={FORMAT}
        aria-label={t('siteViews.period')}
        value={range}
        allowClear={false}
        onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
      />
      {reportGroup === undefined ? (
        <Select
          aria-label={t('siteViews.resolution')}
          value={resolution}
          style={{ minWidth: 120 }}
          options={RESOLUTIONS.map((value) => ({ value, label: enumLabel(t, 'trendResolution', value) }))}
          onChange={setResolution}
        />
      ) : null}
      {/* The period and the curves' times are the station's clock. */}
      <StationZoneNote timeZones={[station.timeZone]} />
      <div style={{ flexBasis: '100%' }}>
        {error ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${error}`} /> : null}
        <HistoryChart
          station={station}
          variables={chosen}
          resolution={resolution}
          startTime={range[0].format(FORMAT)}
          endTime={range[1].format(FORMAT)}
          {...(reportGroup === undefined ? {} : { reportGroup })}
        />
      </div>
    </Flex>
  );
}

/**
 * History curves (schemas/views/, kind historyCurves): a station's device, its variables and a
 * period; the curves of the stored samples or of their hourly, daily or monthly averages. Or a
 * report group of the station and a period: its variables by its method.
 */
export function HistoryCurvesScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<HistoryCurves>(route, ['historyCurves']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <Curves key={station.sn} station={station} view={view} />}
    </SiteScreen>
  );
}
