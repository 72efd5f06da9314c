import type { Chart } from '../../generated/meta';
import { formatMoney } from '../format/money';
import type { ChartConfig } from './ChartCanvas';
import { seriesColor } from './palette';

export type ChartItem = Record<string, unknown>;

/** How a chart names things: its series (and figures) by field, its items by their category's value. */
export interface ChartLabels {
  value(field: string): string;
  category(value: unknown): string;
}

/** A number of an answer; '--' for none, amounts with thousand separators and two decimals. */
export function chartFigure(chart: Chart, field: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '--';
  return chart.money?.includes(field) ? formatMoney(value) : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The items a list chart draws; an answer with none (or not a list) draws nothing. */
export function chartItems(answer: unknown): ChartItem[] {
  return Array.isArray(answer) ? (answer as ChartItem[]) : [];
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** What a chart panel draws: a dial of a percentage, or a chart. */
export type PageChartDrawing =
  { kind: 'gauge'; name: string; value: number } | { kind: 'chart'; config: ChartConfig<'bar' | 'line' | 'doughnut'> };

/**
 * What a chart panel (any type but figures) draws from its call's answer: a dial of the first
 * value in percent; a funnel (centred bars, widest first) or a ring of the first value per item;
 * bars or lines, one series per value, the items along the axis.
 */
export function pageChartDrawing(chart: Chart, answer: unknown, labels: ChartLabels): PageChartDrawing {
  const [first] = chart.values;
  const name = labels.value(first);
  if (chart.type === 'gauge') return { kind: 'gauge', name, value: numberOf((answer as ChartItem | null)?.[first]) };
  const items = chartItems(answer);
  const category = (item: ChartItem) => labels.category(item[chart.category ?? '']);
  const figure = (value: unknown) => chartFigure(chart, first, value);
  const legend = { display: true, position: 'bottom' as const };
  if (chart.type === 'funnel') {
    const stages = items
      .map((item) => ({ name: category(item), value: numberOf(item[first]) }))
      .sort((a, b) => b.value - a.value);
    return {
      kind: 'chart',
      config: {
        type: 'bar',
        data: {
          labels: stages.map((stage) => `${stage.name}: ${figure(stage.value)}`),
          datasets: [
            {
              label: name,
              // Each stage a bar centred on the axis, as wide as its value.
              data: stages.map((stage) => [-stage.value / 2, stage.value / 2]),
              backgroundColor: stages.map((_, index) => seriesColor(index)),
              barPercentage: 0.95,
              categoryPercentage: 1,
            },
          ],
        },
        options: {
          indexAxis: 'y',
          scales: { x: { display: false }, y: { grid: { display: false } } },
          plugins: {
            tooltip: {
              callbacks: { label: (item) => `${name}: ${figure(stages[item.dataIndex]?.value)}` },
            },
          },
        },
      },
    };
  }
  if (chart.type === 'pie') {
    const data = items.map((item) => numberOf(item[first]));
    return {
      kind: 'chart',
      config: {
        type: 'doughnut',
        data: { labels: items.map(category), datasets: [{ label: name, data }] },
        options: {
          cutout: '50%',
          plugins: {
            legend,
            sliceLabels: { text: (index) => figure(data[index]) },
            tooltip: { callbacks: { label: (item) => `${name}: ${figure(item.parsed)}` } },
          },
        },
      },
    };
  }
  return {
    kind: 'chart',
    config: {
      type: chart.type === 'line' ? 'line' : 'bar',
      data: {
        labels: items.map(category),
        datasets: chart.values.map((field) => ({
          label: labels.value(field),
          maxBarThickness: 32,
          data: items.map((item) => numberOf(item[field])),
        })),
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        // Counts are whole: no axis mark between 0 and 1.
        scales: { y: { beginAtZero: true, ...(chart.money?.length ? {} : { ticks: { precision: 0 } }) } },
        plugins: {
          legend,
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${figure(item.parsed.y)}` } },
        },
      },
    },
  };
}
