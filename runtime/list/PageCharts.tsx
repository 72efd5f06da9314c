import { Alert, Card, Col, DatePicker, Empty, Row, Space, Spin, Statistic, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, PageSchema } from '../../generated/meta';
import { EChart } from '../charts/EChart';
import { loadCharts } from '../charts/loadCharts';
import { Gauge } from '../charts/Gauge';
import { chartFigure, chartItems, pageChartDrawing, type ChartLabels, type ChartPlace } from '../charts/pageChart';
import { placesOption } from '../charts/places';
import { PlacesMap } from '../charts/PlacesMap';
import { enumLabel, label } from '../i18n/labels';
import type { CallParts } from '../api/answers';
import { useRecordNames } from '../forms/widgets/useRecordOptions';
import { useCallAnswer } from './useCallAnswer';

export interface ChartPanelProps {
  chart: Chart;
  /** The call's parameters (the page's year, a row's fields). */
  input: CallParts;
  version?: number;
  /** In a card titled by the chart (a page's panels); without one in a dialog that bears the title. */
  framed?: boolean;
}

/** Marker diameter of a map's places, px. */
const PLACE_SIZE = 9;
/** The least width a map shows, degrees of longitude: a city and around; places further apart widen it. */
const MAP_SPAN = 0.5;

/** A map chart: its places on the land outline in the theme's colours, named beside their markers. */
function ChartMap({ title, places, unplaced }: { title: string; places: ChartPlace[]; unplaced: string[] }) {
  const { token } = theme.useToken();
  const option = useMemo(
    () =>
      placesOption(
        places.map((place) => ({ ...place, size: PLACE_SIZE, color: token.colorInfo })),
        { projection: 'mercator', minSpan: MAP_SPAN, showNames: true, text: token.colorText, halo: token.colorBgContainer },
      ),
    [places, token],
  );
  return (
    <PlacesMap
      option={option}
      label={title}
      names={places.map((place) => place.tooltip)}
      unplaced={unplaced}
      box={{ height: 260 }}
    />
  );
}

/** One chart panel: its call's answer drawn as the chart's type says, or its failure, or its emptiness. */
export function ChartPanel({ chart, input, version = 0, framed = true }: ChartPanelProps) {
  const { t } = useTranslation();
  const answer = useCallAnswer<unknown>(chart.call, input, version);
  const { data } = answer;
  const title = label(t, `charts.${chart.call}.title`);
  // Categories that are ids of an entity's records are named as its pickers name them.
  const ids = useMemo(
    () =>
      chart.categoryRef
        ? chartItems(data, chart.items).flatMap((item) => {
            const key = item[chart.category ?? ''];
            return typeof key === 'number' ? [key] : [];
          })
        : [],
    [chart, data],
  );
  const names = useRecordNames(chart.categoryRef ?? '', ids);
  const labels = useMemo<ChartLabels>(
    () => ({
      value: (field) => label(t, `charts.${chart.call}.${field}`),
      category: (value) =>
        value === null || value === undefined
          ? '--'
          : chart.categoryEnum
            ? enumLabel(t, chart.categoryEnum, value)
            : (names.get(value as number) ?? String(value)),
    }),
    [t, chart, names],
  );
  const drawing = useMemo(
    () => (data !== undefined && chart.type !== 'figures' ? pageChartDrawing(chart, data, labels) : undefined),
    [chart, data, labels],
  );
  let body;
  if (answer.loading) body = <Spin />;
  else if (answer.error !== undefined)
    body = <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  else if (chart.type === 'figures') {
    // The answer, or the one item of a list (an aggregate of all records).
    const figures = ((Array.isArray(data) ? data[0] : data) ?? {}) as Record<string, unknown>;
    body = (
      <Space size="large" wrap>
        {chart.values.map((field) => (
          <Statistic key={field} title={labels.value(field)} value={chartFigure(chart, field, figures[field])} />
        ))}
      </Space>
    );
  } else if (chart.type !== 'gauge' && chartItems(data, chart.items).length === 0)
    body = <Empty description={t('common.empty')} />;
  else if (drawing?.kind === 'gauge')
    body = (
      <Gauge
        value={drawing.value}
        min={0}
        max={100}
        text={`${chartFigure(chart, chart.values[0], drawing.value)}%`}
        label={title}
        height={260}
        fontSize={24}
      />
    );
  else if (drawing?.kind === 'map') body = <ChartMap title={title} places={drawing.places} unplaced={drawing.unplaced} />;
  else body = drawing ? <EChart option={drawing.option} label={title} height={260} /> : null;
  if (!framed) return body;
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      {body}
    </Card>
  );
}

/**
 * Chart panels side by side, two to a row on a wide screen (figures of more than three values
 * across the row), one above the other on a narrow one; each given its call's parameters.
 */
export function ChartPanels({
  panels,
  inputOf,
  version = 0,
}: {
  panels: readonly Chart[];
  /** The parameters of the call of the panel at `index`. */
  inputOf(index: number): CallParts;
  version?: number;
}) {
  return (
    <Row gutter={[16, 16]}>
      {panels.map((chart, index) => (
        <Col key={chart.call} xs={24} lg={chart.type === 'figures' && chart.values.length > 3 ? 24 : 12}>
          <ChartPanel chart={chart} input={inputOf(index)} version={version} />
        </Col>
      ))}
    </Row>
  );
}

export interface PageChartsProps {
  charts: NonNullable<PageSchema['charts']>;
  /** The list's version: a change fetches the charts again. */
  version: number;
}

/**
 * The charts a page schema puts above its list (`charts`): a year picker when they take one, then
 * one panel per chart, each showing its call's answer, its own failure or its emptiness. They are
 * fetched again when the list changes (`version`), as a transition changes the figures.
 */
export function PageCharts({ charts, version }: PageChartsProps) {
  const { t } = useTranslation();
  // The chart code is asked for beside the panels' calls, not once their answers are there.
  useEffect(() => void loadCharts(), []);
  const [year, setYear] = useState<Dayjs>(() => dayjs());
  const input = useMemo(() => ({ query: charts.year ? { year: year.year() } : {} }), [charts.year, year]);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {charts.year ? (
        <DatePicker
          picker="year"
          aria-label={t('common.year')}
          value={year}
          allowClear={false}
          onChange={(value) => value && setYear(value)}
        />
      ) : null}
      <ChartPanels panels={charts.panels} inputOf={() => input} version={version} />
    </Space>
  );
}
