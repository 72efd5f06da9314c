import { FunnelChart } from 'echarts/charts';
import { use as registerCharts } from 'echarts/core';
import type { Chart } from '../../generated/meta';
import { formatMoney } from '../format/money';
import type { ChartOption } from './EChart';

// The funnel is drawn by page charts only: registered here, it stays out of the dashboard's code.
registerCharts([FunnelChart]);

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

/**
 * The ECharts option of a chart panel (any type but figures) from its call's answer: a gauge of
 * the first value in percent; a funnel or a pie of the first value per item; bars or lines, one
 * series per value, the items along the axis.
 */
export function pageChartOption(chart: Chart, answer: unknown, labels: ChartLabels): ChartOption {
  const [first] = chart.values;
  const name = labels.value(first);
  if (chart.type === 'gauge') {
    const value = numberOf((answer as ChartItem | null)?.[first]);
    return {
      series: [
        {
          type: 'gauge',
          name,
          min: 0,
          max: 100,
          progress: { show: true },
          // The panel's title names it; the value alone stands in the middle.
          title: { show: false },
          detail: { formatter: '{value}%', fontSize: 24 },
          data: [{ value, name }],
        },
      ],
    };
  }
  const items = chartItems(answer);
  const category = (item: ChartItem) => labels.category(item[chart.category ?? '']);
  const tooltip = {
    trigger: chart.type === 'bar' || chart.type === 'line' ? ('axis' as const) : ('item' as const),
    valueFormatter: (value: unknown) => chartFigure(chart, first, value),
  };
  if (chart.type === 'funnel' || chart.type === 'pie') {
    const data = items.map((item) => ({ name: category(item), value: numberOf(item[first]) }));
    return {
      tooltip,
      legend: { bottom: 0, type: 'scroll' },
      series: [
        chart.type === 'funnel'
          ? {
              type: 'funnel',
              name,
              sort: 'descending',
              left: '10%',
              width: '80%',
              bottom: 32,
              label: { formatter: '{b}: {c}' },
              data,
            }
          : { type: 'pie', name, radius: ['35%', '65%'], data },
      ],
    };
  }
  return {
    tooltip,
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: items.map(category) },
    // Counts are whole: no axis mark between 0 and 1.
    yAxis: { type: 'value', ...(chart.money?.length ? {} : { minInterval: 1 }) },
    series: chart.values.map((field) => ({
      type: chart.type === 'line' ? ('line' as const) : ('bar' as const),
      name: labels.value(field),
      barMaxWidth: 32,
      data: items.map((item) => numberOf(item[field])),
    })),
  };
}
