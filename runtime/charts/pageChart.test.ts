import { describe, expect, test } from 'vitest';
import type { Chart } from '../../generated/meta';
import { pages } from '../list/pages';
import { chartFigure, LEGEND_BAND, pageChartDrawing, type ChartLabels, type PageChartDrawing } from './pageChart';
import { readRing } from './ring';

const labels: ChartLabels = { value: (field) => `«${field}»`, category: (value) => `#${String(value)}` };
const panel = (page: string, call: string): Chart => {
  const found = pages.find((p) => p.page === page)?.charts?.panels.find((chart) => chart.call === call);
  if (!found) throw new Error(`${page} has no chart of ${call}`);
  return found;
};
type Series = { type: string; name?: string; data: unknown[]; sort?: string };
/** The chart a panel draws (not a dial). */
const drawn = (drawing: PageChartDrawing) => {
  if (drawing.kind !== 'chart') throw new Error('a dial, not a chart');
  return drawing.option as { series: Series[]; xAxis?: { type: string; data?: string[] } };
};

describe('the charts of a page from their calls’ answers', () => {
  test('the bidding funnel: one stage per item, named by the stage’s label, widest first', () => {
    const answer = [
      { stage: 'submitted', count: 9 },
      { stage: 'tracked', count: 12 },
      { stage: 'won', count: 2 },
    ];
    const chart = drawn(pageChartDrawing(panel('tenderFunnel', 'getBusBiddingInfoFunnel'), answer, labels));
    const [funnel] = chart.series;
    expect(funnel).toMatchObject({ type: 'funnel', name: '«count»', sort: 'descending' });
    expect(funnel?.data).toEqual([
      expect.objectContaining({ name: '#submitted', value: 9 }),
      expect.objectContaining({ name: '#tracked', value: 12 }),
      expect.objectContaining({ name: '#won', value: 2 }),
    ]);
  });

  test('where the vehicles are: a place per located vehicle, named by its plate, its speed in its tooltip; the others named apart', () => {
    const answer = [
      { plateNumber: 'A1', longitude: 121.47, latitude: 31.23, speed: 42 },
      { plateNumber: 'A2', longitude: null, latitude: null, speed: null },
      { plateNumber: 'A3', longitude: 121.51, latitude: 31.26, speed: null },
      { plateNumber: 'A4', longitude: 200, latitude: 31.2, speed: 0 },
    ];
    expect(pageChartDrawing(panel('vehicles', 'getRealTimeVehicle'), answer, labels)).toEqual({
      kind: 'map',
      places: [
        { name: '#A1', tooltip: '#A1 · «speed»: 42', longitude: 121.47, latitude: 31.23 },
        { name: '#A3', tooltip: '#A3 · «speed»: --', longitude: 121.51, latitude: 31.26 },
      ],
      unplaced: ['#A2', '#A4'],
    });
  });

  test('the win rate: a dial of its value in percent; none decided yet reads 0', () => {
    const chart = panel('tenderFunnel', 'getBusBiddingInfoWinRate');
    expect(pageChartDrawing(chart, { winRate: 37.5, decided: 8 }, labels)).toEqual({
      kind: 'gauge',
      name: '«winRate»',
      value: 37.5,
    });
    expect(pageChartDrawing(chart, { winRate: null }, labels)).toEqual({ kind: 'gauge', name: '«winRate»', value: 0 });
  });

  test('the months of a year: one line per value, the months along the axis, a missing value drawn as 0', () => {
    const chart = drawn(
      pageChartDrawing(
        panel('tenderFunnel', 'getBusBiddingInfoTrend'),
        [
          { month: '2026-01', total: 4, won: 1 },
          { month: '2026-02', total: 3 },
        ],
        labels,
      ),
    );
    expect(chart.xAxis).toMatchObject({ type: 'category', data: ['#2026-01', '#2026-02'] });
    expect(chart.series.map(({ type, name, data }) => ({ type, name, data }))).toEqual([
      { type: 'line', name: '«total»', data: [4, 3] },
      { type: 'line', name: '«won»', data: [1, 0] },
    ]);
  });

  test('a pie: a slice per item in the palette’s colours, each reading its value, the names in a legend below', () => {
    const drawing = pageChartDrawing(
      panel('boardOrder', 'boardOrderType'),
      [
        { key: 'storage', count: 3 },
        { key: 'pv', count: 1 },
      ],
      labels,
    );
    const chart = drawn(drawing) as ReturnType<typeof drawn> & { legend: unknown };
    const pie = readRing(drawing.kind === 'chart' ? drawing.option : {});
    expect(chart.series[0]?.type).toBe('pie');
    expect(pie.slices).toEqual([
      { name: '#storage', value: 3, color: '#409EFF' },
      { name: '#pv', value: 1, color: '#29BB9A' },
    ]);
    expect(pie.label(0)).toBe('3');
    expect(chart.legend).toEqual({ type: 'scroll', bottom: 0 });
  });

  // Seen overlapping on the bidding kanban and the vehicle overview: the legend was drawn over the axis labels.
  test('the legend takes one line at the foot, the axis labels and the ring are kept above it', () => {
    const bars = pageChartDrawing(panel('tenderKanban', 'getBusBiddingInfoKanban'), [{ key: 'tracking', count: 4 }], labels);
    const option = (bars.kind === 'chart' ? bars.option : {}) as {
      legend?: unknown;
      grid?: { bottom?: number; outerBounds?: { bottom?: number } };
    };
    expect(option.legend).toEqual({ type: 'scroll', bottom: 0 });
    expect(option.grid?.outerBounds).toEqual({ bottom: LEGEND_BAND });
    expect(option.grid?.bottom).toBeGreaterThan(LEGEND_BAND);
    const ring = pageChartDrawing(panel('emsMobileEnergy', 'countMobileStorageByState'), [{ key: 'deployed', count: 1 }], labels);
    const [pie] = (ring.kind === 'chart' ? [ring.option.series].flat() : []) as { bottom?: number }[];
    expect(pie?.bottom).toBe(LEGEND_BAND);
  });

  test('counts and amounts by type: counts on the left axis in whole numbers, amounts against a second axis on the right, each written in its own format', () => {
    const drawing = pageChartDrawing(
      panel('expenditure', 'getExpendProcessStatistic'),
      [
        { key: 'travel', count: 3, sum: 12500.5 },
        { key: 'office', count: 1, sum: 980 },
      ],
      labels,
    );
    const option = (drawing.kind === 'chart' ? drawing.option : {}) as {
      yAxis: { type: string; position?: string; minInterval?: number }[];
      series: { name: string; data: number[]; yAxisIndex?: number; tooltip: { valueFormatter(value: unknown): string } }[];
    };
    expect(option.yAxis).toEqual([
      expect.objectContaining({ type: 'value', minInterval: 1 }),
      expect.objectContaining({ type: 'value', position: 'right' }),
    ]);
    expect(option.yAxis[1]?.minInterval).toBeUndefined();
    const [count, sum] = option.series;
    expect(count).toMatchObject({ name: '«count»', data: [3, 1] });
    expect(count?.yAxisIndex).toBeUndefined();
    expect(sum).toMatchObject({ name: '«sum»', data: [12500.5, 980], yAxisIndex: 1 });
    expect(count?.tooltip.valueFormatter(3)).toBe('3');
    expect(sum?.tooltip.valueFormatter(12500.5)).toBe('12,500.50');
  });

  test('amounts alone share one axis, which may mark fractions', () => {
    const drawing = pageChartDrawing(
      { call: 'x', type: 'bar', category: 'key', values: ['paid', 'due'], money: ['paid', 'due'] },
      [{ key: 'a', paid: 1.5, due: 2 }],
      labels,
    );
    const option = (drawing.kind === 'chart' ? drawing.option : {}) as {
      yAxis: { minInterval?: number };
      series: { yAxisIndex?: number }[];
    };
    expect(Array.isArray(option.yAxis)).toBe(false);
    expect(option.yAxis.minInterval).toBeUndefined();
    expect(option.series.map((series) => series.yAxisIndex)).toEqual([undefined, undefined]);
  });

  test('an answer with no items draws no bar', () => {
    const chart = drawn(pageChartDrawing(panel('tenderKanban', 'getBusBiddingInfoKanban'), [], labels));
    expect(chart.xAxis?.data).toEqual([]);
    expect(chart.series).toEqual([expect.objectContaining({ type: 'bar', data: [] })]);
  });

  test('figures: amounts with thousand separators and two decimals, counts as they are, none as --', () => {
    const chart = panel('tenderKanban', 'getBusBiddingInfoStatistics');
    expect(chartFigure(chart, 'wonAmount', 1234567.8)).toBe('1,234,567.80');
    expect(chartFigure(chart, 'total', 1200)).toBe('1,200');
    expect(chartFigure(chart, 'winRate', 33.333)).toBe('33.33');
    expect(chartFigure(chart, 'won', null)).toBe('--');
  });
});
