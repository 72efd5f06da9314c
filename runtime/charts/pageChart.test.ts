import { describe, expect, test } from 'vitest';
import type { Chart } from '../../generated/meta';
import { pages } from '../list/pages';
import { chartFigure, pageChartDrawing, type ChartLabels, type PageChartDrawing } from './pageChart';

const labels: ChartLabels = { value: (field) => `«${field}»`, category: (value) => `#${String(value)}` };
const panel = (page: string, call: string): Chart => {
  const found = pages.find((p) => p.page === page)?.charts?.panels.find((chart) => chart.call === call);
  if (!found) throw new Error(`${page} has no chart of ${call}`);
  return found;
};
type Dataset = { label?: string; data: unknown[] };
/** The chart a panel draws (not a dial). */
const drawn = (drawing: PageChartDrawing) => {
  if (drawing.kind !== 'chart') throw new Error('a dial, not a chart');
  return drawing.config as { type: string; data: { labels: string[]; datasets: Dataset[] }; options: { indexAxis?: string } };
};

describe('the charts of a page from their calls’ answers', () => {
  test('the bidding funnel: one centred bar per stage, named by the stage’s label with its count, widest first', () => {
    const answer = [
      { stage: 'submitted', count: 9 },
      { stage: 'tracked', count: 12 },
      { stage: 'won', count: 2 },
      { stage: 'decided', count: 5 },
    ];
    const chart = drawn(pageChartDrawing(panel('tenderFunnel', 'getBusBiddingInfoFunnel'), answer, labels));
    expect(chart).toMatchObject({ type: 'bar', options: { indexAxis: 'y' } });
    expect(chart.data.labels).toEqual(['#tracked: 12', '#submitted: 9', '#decided: 5', '#won: 2']);
    expect(chart.data.datasets).toEqual([
      expect.objectContaining({
        label: '«count»',
        data: [
          [-6, 6],
          [-4.5, 4.5],
          [-2.5, 2.5],
          [-1, 1],
        ],
      }),
    ]);
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
    expect(chart.type).toBe('line');
    expect(chart.data.labels).toEqual(['#2026-01', '#2026-02']);
    expect(chart.data.datasets.map(({ label, data }) => ({ label, data }))).toEqual([
      { label: '«total»', data: [4, 3] },
      { label: '«won»', data: [1, 0] },
    ]);
  });

  test('an answer with no items draws no bar', () => {
    const chart = drawn(pageChartDrawing(panel('tenderKanban', 'getBusBiddingInfoKanban'), [], labels));
    expect(chart.type).toBe('bar');
    expect(chart.data.labels).toEqual([]);
    expect(chart.data.datasets).toEqual([expect.objectContaining({ data: [] })]);
  });

  test('figures: amounts with thousand separators and two decimals, counts as they are, none as --', () => {
    const chart = panel('tenderKanban', 'getBusBiddingInfoStatistics');
    expect(chartFigure(chart, 'wonAmount', 1234567.8)).toBe('1,234,567.80');
    expect(chartFigure(chart, 'total', 1200)).toBe('1,200');
    expect(chartFigure(chart, 'winRate', 33.333)).toBe('33.33');
    expect(chartFigure(chart, 'won', null)).toBe('--');
  });
});
