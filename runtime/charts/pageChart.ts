import type { Chart } from '../../generated/meta';
import { formatMoney, withDecimals } from '../format/money';
import { cartesianOption } from './cartesian';
import type { ChartOption } from './option';
import { seriesColor } from './palette';
import { located } from './places';
import { shareRing } from './ring';

export type ChartItem = Record<string, unknown>;

/** How a chart names things: its series (and figures) by field, its items by their category's value. */
export interface ChartLabels {
  value(field: string): string;
  category(value: unknown): string;
}

/** A number of an answer; '--' for none, amounts with thousand separators and two decimals. */
export function chartFigure(chart: Chart, field: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '--';
  return chart.money?.includes(field) ? formatMoney(value) : withDecimals(value, 2);
}

/** The items a list chart draws: the answer, or its property `items`; none (or not a list) draws nothing. */
export function chartItems(answer: unknown, items?: string): ChartItem[] {
  const list = items === undefined ? answer : (answer as ChartItem | null | undefined)?.[items];
  return Array.isArray(list) ? (list as ChartItem[]) : [];
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The band at the foot of a chart that its legend takes: one line (a legend of more names than fit
 * scrolls within it, never wraps onto the chart), kept clear of the axis labels and the ring.
 */
export const LEGEND_BAND = 32;

/** An item of a map: where it is, its name, and what its tooltip says (its name and values). */
export interface ChartPlace {
  name: string;
  tooltip: string;
  longitude: number;
  latitude: number;
}

/**
 * What a chart panel draws: a dial of a percentage, a map of places (and the names of the items
 * without one), or a chart.
 */
export type PageChartDrawing =
  | { kind: 'gauge'; name: string; value: number }
  | { kind: 'map'; places: ChartPlace[]; unplaced: string[] }
  | { kind: 'chart'; option: ChartOption };

/**
 * What a chart panel (any type but figures) draws from its call's answer: a dial of the first
 * value in percent; a map of the items with a place, each named with its values; a funnel of the
 * first value per item, widest first; a ring of the first value per item; bars or lines, one
 * series per value, the items along the axis (amounts beside counts against a second axis).
 */
export function pageChartDrawing(chart: Chart, answer: unknown, labels: ChartLabels): PageChartDrawing {
  const [first] = chart.values;
  const name = labels.value(first);
  if (chart.type === 'gauge') return { kind: 'gauge', name, value: numberOf((answer as ChartItem | null)?.[first]) };
  const items = chartItems(answer, chart.items);
  const category = (item: ChartItem) => labels.category(item[chart.category ?? '']);
  const figure = (value: unknown) => chartFigure(chart, first, value);
  const legend = { type: 'scroll' as const, bottom: 0 };
  if (chart.type === 'map') {
    const tooltip = (item: ChartItem) =>
      [category(item), ...chart.values.map((field) => `${labels.value(field)}: ${chartFigure(chart, field, item[field])}`)].join(
        ' · ',
      );
    return {
      kind: 'map',
      places: items
        .filter(located)
        .map((item) => ({ name: category(item), tooltip: tooltip(item), longitude: item.longitude, latitude: item.latitude })),
      unplaced: items.filter((item) => !located(item)).map(category),
    };
  }
  if (chart.type === 'funnel') {
    const stages = items.map((item) => ({ name: category(item), value: numberOf(item[first]) }));
    return {
      kind: 'chart',
      option: {
        tooltip: { trigger: 'item', valueFormatter: (value) => figure(value) },
        series: [
          {
            type: 'funnel',
            name,
            sort: 'descending',
            gap: 2,
            left: '10%',
            width: '80%',
            label: { position: 'inside', formatter: (params) => `${params.name}: ${figure(params.value)}` },
            data: stages.map((stage, index) => ({ ...stage, itemStyle: { color: seriesColor(index) } })),
          },
        ],
      },
    };
  }
  if (chart.type === 'pie') {
    const values = items.map((item) => numberOf(item[first]));
    const total = values.reduce((sum, value) => sum + value, 0);
    const ring = shareRing(
      items.map((item, index) => ({
        name: category(item),
        value: values[index] ?? 0,
        share: total > 0 ? ((values[index] ?? 0) / total) * 100 : null,
        color: seriesColor(index),
      })),
      { value: figure, share: (share) => (share === null ? '--' : `${share.toFixed(1)}%`), inner: '50%', reads: 'value' },
    );
    // The ring is laid out in the box above the legend's band.
    const series = [ring.series].flat().map((entry) => ({ ...entry, bottom: LEGEND_BAND }));
    return { kind: 'chart', option: { ...ring, series: series as ChartOption['series'], legend } };
  }
  const money = (field: string) => chart.money?.includes(field) === true;
  const allMoney = chart.values.every(money);
  const cartesian = cartesianOption({
    kind: chart.type === 'line' ? 'line' : 'bar',
    categories: items.map(category),
    // Amounts beside counts are drawn against an axis of their own, on the right.
    series: chart.values.map((field) => ({
      name: labels.value(field),
      data: items.map((item) => numberOf(item[field])),
      format: (value: number) => chartFigure(chart, field, value),
      ...(money(field) && !allMoney ? { right: true } : {}),
    })),
    format: figure,
    // Counts are whole: no axis mark between 0 and 1.
    whole: !allMoney,
    min: 0,
    barMaxWidth: 32,
  });
  const grid = [cartesian.grid].flat()[0] ?? {};
  return {
    kind: 'chart',
    option: {
      ...cartesian,
      // The axis and its labels are kept above the legend's band: were the labels to reach into it
      // (long names, a narrow box), the grid shrinks instead.
      grid: { ...grid, bottom: LEGEND_BAND + Number(grid.bottom ?? 0), outerBounds: { bottom: LEGEND_BAND } },
      legend,
    },
  };
}
