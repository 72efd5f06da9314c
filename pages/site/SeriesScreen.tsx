import { Alert, Flex, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Series } from '../../generated/meta';
import { enumLabel, label, useRuntime } from '../../runtime';
import { PeriodPicker } from './PeriodPicker';
import { SeriesComparison } from './SeriesComparison';
import { SeriesReport } from './SeriesReport';
import { SeriesStatistics } from './SeriesStatistics';
import { fetchSeries, querytime, shifted, type Period, type Picked } from './seriesData';
import { SiteScreen } from './SiteScreen';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useStations, type StationRecord } from './useStations';
import { useReportGroupPick } from './useReportGroupPick';
import { useVariablePick } from './useVariablePick';
import { viewOf, type SiteScreenProps } from './views';

type Method = Picked['method'];

/** The device, variables and method of a report of picked variables. */
function usePicked(stationSn: string, methods: readonly Method[] | undefined) {
  const { t } = useTranslation();
  const pick = useVariablePick(stationSn, undefined, (variables) => {
    const first = variables.find((entry) => entry.kind === 'gauge') ?? variables[0];
    return first ? [first] : [];
  });
  const [method, setMethod] = useState<Method>(methods?.[0] ?? 'AVG');
  const controls = (
    <>
      {pick.controls}
      <Select
        aria-label={t('siteViews.method')}
        value={method}
        style={{ minWidth: 120 }}
        options={(methods ?? ['AVG']).map((value) => ({ value, label: enumLabel(t, 'calcMethod', value) }))}
        onChange={setMethod}
      />
    </>
  );
  return { picked: { variables: pick.chosen, method }, controls };
}

/** The figures of one station over the period picked, shown as the view's kind shows them. */
function Figures({ station, view, route }: { station: StationRecord; view: Series; route: string }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [period, setPeriod] = useState<Period>(() => ({ type: 'MONTH', time: dayjs() }));
  const pick = usePicked(station.sn, 'pick' in view.source ? view.source.methods : undefined);
  const picked = 'pick' in view.source ? pick.picked : undefined;
  // Energy labels are shown one energy type at a time (kWh and m³ do not add up); costs are of electricity.
  const byType = 'labels' in view.source && !view.source.cost;
  const types = useAnswer(
    byType ? () => api.call('getEnergyTypes', { params: { stationSn: station.sn } }, { silent: true }) : undefined,
    station.sn,
  );
  const [chosenType, setChosenType] = useState<string>();
  const energyType = byType ? (chosenType ?? types.data?.[0]?.code) : undefined;
  // Variables are picked, or taken as a report group of the station has them (with its method).
  const { reportGroup, control: groupControl, error: groupsError } = useReportGroupPick(station, 'pick' in view.source);
  const periods =
    view.kind === 'seriesComparison'
      ? [period, shifted(period, 'previous'), ...(period.type === 'YEAR' ? [] : [shifted(period, 'lastYear')])]
      : [period];
  const key = JSON.stringify([
    periods.map(querytime),
    period.type,
    picked?.variables.map((entry) => entry.sn),
    picked?.method,
    energyType,
    reportGroup,
  ]);
  const answer = useAnswer(
    byType && !types.data
      ? undefined
      : () =>
          Promise.all(
            periods.map((each) =>
              fetchSeries(api, view.source, station.sn, each, {
                ...(reportGroup === undefined ? (picked ? { picked } : {}) : { reportGroup }),
                ...(energyType === undefined ? {} : { energyType }),
              }),
            ),
          ),
    `${station.sn}|${key}`,
  );
  const error = types.error ?? groupsError ?? answer.error;
  let body;
  if (error) body = <Alert type="error" showIcon message={`${t('common.loadFailed')} ${error}`} />;
  else if (!answer.data) body = <Spin style={{ display: 'block', margin: 64 }} />;
  else {
    const [current = [], previous = [], lastYear] = answer.data;
    if (view.kind === 'seriesStatistics') body = <SeriesStatistics series={current} />;
    else if (view.kind === 'seriesComparison')
      body = <SeriesComparison current={current} previous={previous} lastYear={lastYear} />;
    else
      body = (
        <SeriesReport series={current} fileName={`${label(t, `routes.${route}.title`)} ${station.name} ${querytime(period)}`} />
      );
  }
  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="middle" align="center">
        {groupControl}
        {'pick' in view.source && reportGroup === undefined ? pick.controls : null}
        {types.data?.length ? (
          <Select
            aria-label={t('siteViews.energyType')}
            value={energyType}
            style={{ minWidth: 120 }}
            options={types.data.map(({ code }) => ({ value: code, label: enumLabel(t, 'energyType', code) }))}
            onChange={setChosenType}
          />
        ) : null}
        <PeriodPicker value={period} onChange={setPeriod} />
      </Flex>
      {body}
    </Flex>
  );
}

/**
 * Series of figures (schemas/views/, kinds seriesStatistics, seriesComparison, seriesReport): a
 * station's energy labels, a device kind's counters or picked variables over a day, a month or a
 * year — their statistics, one compared with earlier periods, or a report table to export.
 */
export function SeriesScreen({ route = '' }: SiteScreenProps) {
  const view = viewOf<Series>(route, ['seriesStatistics', 'seriesComparison', 'seriesReport']);
  const choice = useStations(view.stationTypes);
  return (
    <SiteScreen route={route} choice={choice}>
      {(station) => <Figures key={station.sn} station={station} view={view} route={route} />}
    </SiteScreen>
  );
}
