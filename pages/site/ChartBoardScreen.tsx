import { DatePicker, Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartBoard } from '../../generated/meta';
import { label } from '../../runtime';
import { inPathAndQuery } from '../../runtime/api/client';
import { ChartPanels, PageCharts } from '../../runtime/list/PageCharts';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { SiteScreen } from './SiteScreen';
import { useStations, type StationRecord } from './useStations';
import { viewOf, type SiteScreenProps } from './views';

type Panel = ChartBoard['panels'][number];
type Panels = [Chart, ...Chart[]];

/** A panel as a chart (what it draws), without the parameters the board's controls give its call. */
const chartOf = ({ year: _year, station: _station, day: _day, month: _month, ...chart }: Panel) => chart as Chart;

/**
 * The parameters a station's panel gives its call, each under the name the panel says: the
 * station's serial number, the day picked (YYYY-MM-DD) and its month (YYYY-MM).
 */
function stationInput(panel: Panel, station: StationRecord, day: Dayjs) {
  const values: Record<string, string> = {};
  if (panel.station) values[panel.station] = station.sn;
  if (panel.day) values[panel.day] = day.format('YYYY-MM-DD');
  if (panel.month) values[panel.month] = day.format('YYYY-MM');
  return inPathAndQuery(values);
}

/** The panels of one station: a day picker when any of them takes the day or its month, then the panels. */
function StationPanels({ route, view }: { route: string; view: ChartBoard }) {
  const { t } = useTranslation();
  const choice = useStations(view.stationTypes);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const dated = view.panels.some((panel) => panel.day || panel.month);
  return (
    <SiteScreen
      route={route}
      choice={choice}
      tools={
        dated ? (
          <DatePicker aria-label={t('siteViews.day')} value={day} allowClear={false} onChange={(next) => next && setDay(next)} />
        ) : null
      }
    >
      {(station) => (
        <ChartPanels
          panels={view.panels.map(chartOf)}
          inputOf={(index) => stationInput(view.panels[index] as Panel, station, day)}
        />
      )}
    </SiteScreen>
  );
}

/**
 * A chart board (schemas/views/, kind chartBoard): figures and charts drawn from statistics calls
 * as a page's charts are. Of the tenant: first the panels of no period, then those of the year
 * picked above them. Of one station (panels that take it): under the station picker, and the day
 * picker when a panel takes the day or its month.
 */
export function ChartBoardScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const view = viewOf<ChartBoard>(route, ['chartBoard']);
  if (view.panels.some((panel) => panel.station)) return <StationPanels route={route} view={view} />;
  const timeless = view.panels.filter((panel) => !panel.year).map(chartOf);
  const yearly = view.panels.filter((panel) => panel.year).map(chartOf);
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      {timeless.length > 0 ? <PageCharts charts={{ panels: timeless as Panels }} version={0} /> : null}
      {yearly.length > 0 ? <PageCharts charts={{ year: true, panels: yearly as Panels }} version={0} /> : null}
    </Flex>
  );
}
