import type { SeriesMarks, SeriesPoint } from './marks';
import type { BarSeriesOption, ChartOption, LineSeriesOption } from './option';

/** A series of bars or a line. */
export interface CartesianSeries {
  name: string;
  /** One value per category (null where there is none), or `[time, value]` points on a time axis. */
  data: (number | null)[] | SeriesPoint[];
  color?: string;
  /** A colour per bar, where bars of one series differ (one per kind). */
  colors?: string[];
  /** Series of the same stack pile up. */
  stack?: string;
  marks?: SeriesMarks;
  /** The series' unit, written after its values in the tooltip. */
  unit?: string;
  /** How the tooltip writes the series' values, where they differ from the chart's (amounts beside counts). */
  format?(value: number): string;
  /** Drawn against a second value axis, on the right: amounts beside counts, each readable on its own scale. */
  right?: boolean;
}

/** What a chart of bars or lines shows, as the widgets and screens describe it. */
export interface CartesianChart {
  kind: 'bar' | 'line';
  /** The categories along the x axis; without them the x axis is a time axis. */
  categories?: string[];
  /** The span of the time axis (a period's start and end, as `wallClock` reads them); the data's own without it. */
  span?: { min: number; max: number };
  /** How the time axis writes its marks: hours and minutes within a day, month and day beyond. */
  timeLabels?: 'day' | 'days';
  series: CartesianSeries[];
  /** The values' unit, written at the top of the value axis. */
  unit?: string;
  /** A value as the tooltip writes it. */
  format?(value: number): string;
  /** Counts: the (left) value axis marks whole numbers only. */
  whole?: boolean;
  /** The least value of the value axis (0 where a value cannot be below it). */
  min?: number;
  /** The widest a bar is drawn (px). */
  barMaxWidth?: number;
  /** Zoom along the x axis: by dragging and with Ctrl and the wheel, and a slider below for long series. */
  zoom?: boolean;
}

/** Points past which a zoomable chart shows its slider: a series that long is read a part at a time. */
export const SLIDER_FROM = 200;

/** Time axis labels: HH:mm within a day, MM-DD beyond (the station's clock; the chart draws in UTC). */
const TIME_LABELS = {
  day: { year: '{yyyy}', month: '{MM}-{dd}', day: '{MM}-{dd}', hour: '{HH}:{mm}', minute: '{HH}:{mm}', second: '{HH}:{mm}:{ss}' },
  days: { year: '{yyyy}', month: '{yyyy}-{MM}', day: '{MM}-{dd}', hour: '{MM}-{dd}', minute: '{HH}:{mm}', second: '{HH}:{mm}' },
} as const;

/**
 * The ECharts option of a chart of bars or lines: a category or time axis along x, the values
 * along y with their unit (those marked `right` against a second axis on the right), a tooltip of
 * every series at the pointer, each series in its colour with its marks; lines without dots that
 * bridge the points missing; zoom where asked.
 */
export function cartesianOption(chart: CartesianChart): ChartOption {
  const time = chart.categories === undefined;
  const format = chart.format ?? String;
  const longest = Math.max(0, ...chart.series.map((series) => series.data.length));
  const slider = chart.zoom === true && longest > SLIDER_FROM;
  const series = chart.series.map((entry): BarSeriesOption | LineSeriesOption => {
    const common = {
      name: entry.name,
      data: entry.data,
      ...(entry.stack ? { stack: entry.stack } : {}),
      ...(entry.marks ?? {}),
      ...(entry.right ? { yAxisIndex: 1 } : {}),
      ...(entry.unit || entry.format
        ? {
            tooltip: {
              valueFormatter: (value: unknown) =>
                typeof value === 'number' ? [(entry.format ?? format)(value), entry.unit].filter(Boolean).join(' ') : '--',
            },
          }
        : {}),
    };
    if (chart.kind === 'line') {
      return {
        type: 'line',
        ...common,
        showSymbol: false,
        connectNulls: true,
        ...(entry.color ? { itemStyle: { color: entry.color }, lineStyle: { color: entry.color, width: 2 } } : {}),
      } as LineSeriesOption;
    }
    return {
      type: 'bar',
      ...common,
      ...(chart.barMaxWidth ? { barMaxWidth: chart.barMaxWidth } : {}),
      ...(entry.colors
        ? {
            data: (entry.data as (number | null)[]).map((value, index) => ({
              value,
              itemStyle: { color: entry.colors?.[index] },
            })),
          }
        : entry.color
          ? { itemStyle: { color: entry.color } }
          : {}),
    } as BarSeriesOption;
  });
  const bound = chart.min !== undefined ? { min: chart.min } : {};
  // The whole-number marks and the unit are the left axis's; a second axis keeps to its own scale.
  const valueAxis = {
    type: 'value' as const,
    ...(chart.unit ? { name: chart.unit } : {}),
    ...bound,
    ...(chart.whole ? { minInterval: 1 } : {}),
  };
  return {
    ...(time ? { useUTC: true } : {}),
    grid: { left: 8, right: 16, top: chart.unit ? 28 : 12, bottom: slider ? 36 : 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? format(value) : '--'),
    },
    xAxis: time
      ? {
          type: 'time',
          ...(chart.span ?? {}),
          axisLabel: { hideOverlap: true, formatter: TIME_LABELS[chart.timeLabels ?? 'day'] },
        }
      : { type: 'category', data: chart.categories, axisLabel: { hideOverlap: true } },
    yAxis: chart.series.some((entry) => entry.right)
      ? [valueAxis, { type: 'value', position: 'right', alignTicks: true, ...bound }]
      : valueAxis,
    series,
    ...(chart.zoom
      ? {
          dataZoom: [
            // Ctrl and the wheel: the wheel alone keeps scrolling the page.
            { type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true },
            ...(slider ? [{ type: 'slider' as const, height: 16, bottom: 8 }] : []),
          ],
        }
      : {}),
  };
}
