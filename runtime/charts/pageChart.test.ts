import { describe, expect, test } from 'vitest';
import type { Chart } from '../../generated/meta';
import { pages } from '../list/pages';
import { chartFigure, pageChartOption, type ChartLabels } from './pageChart';

const labels: ChartLabels = { value: (field) => `«${field}»`, category: (value) => `#${String(value)}` };
const panel = (page: string, call: string): Chart => {
  const found = pages.find((p) => p.page === page)?.charts?.panels.find((chart) => chart.call === call);
  if (!found) throw new Error(`${page} has no chart of ${call}`);
  return found;
};
type Series = { type: string; name?: string; data: unknown[] };
const seriesOf = (option: unknown) => (option as { series: Series[] }).series;

describe('the charts of a page from their calls’ answers', () => {
  test('the bidding funnel: one slice per stage, named by the stage’s label, widest first', () => {
    const answer = [
      { stage: 'tracked', count: 12 },
      { stage: 'submitted', count: 9 },
      { stage: 'decided', count: 5 },
      { stage: 'won', count: 2 },
    ];
    const [series] = seriesOf(pageChartOption(panel('tenderFunnel', 'getBusBiddingInfoFunnel'), answer, labels));
    expect(series).toMatchObject({ type: 'funnel', name: '«count»', sort: 'descending' });
    expect(series?.data).toEqual([
      { name: '#tracked', value: 12 },
      { name: '#submitted', value: 9 },
      { name: '#decided', value: 5 },
      { name: '#won', value: 2 },
    ]);
  });

  test('the win rate: a gauge of 0–100 in percent; none decided yet reads 0', () => {
    const chart = panel('tenderFunnel', 'getBusBiddingInfoWinRate');
    const [series] = seriesOf(pageChartOption(chart, { winRate: 37.5, decided: 8 }, labels));
    expect(series).toMatchObject({ type: 'gauge', min: 0, max: 100, detail: { formatter: '{value}%' } });
    expect(series?.data).toEqual([{ value: 37.5, name: '«winRate»' }]);
    expect(seriesOf(pageChartOption(chart, { winRate: null }, labels))[0]?.data).toEqual([{ value: 0, name: '«winRate»' }]);
  });

  test('the months of a year: one line per value, the months along the axis, a missing value drawn as 0', () => {
    const option = pageChartOption(
      panel('tenderFunnel', 'getBusBiddingInfoTrend'),
      [
        { month: '2026-01', total: 4, won: 1 },
        { month: '2026-02', total: 3 },
      ],
      labels,
    ) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['#2026-01', '#2026-02']);
    expect(seriesOf(option).map(({ type, name, data }) => ({ type, name, data }))).toEqual([
      { type: 'line', name: '«total»', data: [4, 3] },
      { type: 'line', name: '«won»', data: [1, 0] },
    ]);
  });

  test('an answer with no items draws no bar', () => {
    const option = pageChartOption(panel('tenderKanban', 'getBusBiddingInfoKanban'), [], labels) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual([]);
    expect(seriesOf(option)).toEqual([expect.objectContaining({ type: 'bar', data: [] })]);
  });

  test('figures: amounts with thousand separators and two decimals, counts as they are, none as --', () => {
    const chart = panel('tenderKanban', 'getBusBiddingInfoStatistics');
    expect(chartFigure(chart, 'wonAmount', 1234567.8)).toBe('1,234,567.80');
    expect(chartFigure(chart, 'total', 1200)).toBe('1,200');
    expect(chartFigure(chart, 'winRate', 33.333)).toBe('33.33');
    expect(chartFigure(chart, 'won', null)).toBe('--');
  });
});
