import { cartesianOption, seriesColor, type ChartOption } from '../../runtime/dashboard';
import { legendBelow, linesOf, valueAxisOf } from '../charts/optionParts';
import { limitAxis, limitLines } from './limitMarks';

/** The voltage and current unbalance (%) of an hour of a day (`HH:00`) or a day of a month (`MM-DD`). */
export interface UnbalancePoint {
  time: string;
  voltageUnbalance: number | null;
  currentUnbalance: number | null;
}

/** The station's unbalance limits (%). */
export interface UnbalanceLimits {
  voltageUnbalance: number;
  currentUnbalance: number;
}

/** The chart's words: its two lines and their limits (with the limit's value). */
export interface UnbalanceNames {
  voltage: string;
  current: string;
  voltageLimit: string;
  currentLimit: string;
}

/** An unbalance as the tooltip writes it, as the figures above the chart do ('14.29 %'). */
const percent = (value: number): string => `${value} %`;

/**
 * The voltage and current unbalance as two lines along the hours of the day or the days of the
 * month (hourly and daily means: categories, as the call labels them), from 0 % up, each hour or
 * day a dot; each line's limit a labelled red line on it, the value axis reaching both limits;
 * the lines named in a legend below.
 */
export function unbalanceOption(points: UnbalancePoint[], limits: UnbalanceLimits, names: UnbalanceNames): ChartOption {
  const base = cartesianOption({
    kind: 'line',
    categories: points.map((point) => point.time),
    series: [
      { name: names.voltage, data: points.map((point) => point.voltageUnbalance), color: seriesColor(0) },
      { name: names.current, data: points.map((point) => point.currentUnbalance), color: seriesColor(1) },
    ],
    unit: '%',
    format: percent,
    min: 0,
  });
  // Each limit goes with the line it judges: hiding a line in the legend hides its limit too.
  const marks = [
    limitLines([{ value: limits.voltageUnbalance, label: names.voltageLimit }]),
    limitLines([{ value: limits.currentUnbalance, label: names.currentLimit }]),
  ];
  return {
    ...base,
    ...legendBelow(base),
    yAxis: { ...valueAxisOf(base), ...limitAxis([limits.voltageUnbalance, limits.currentUnbalance]) },
    series: linesOf(base).map((series, index) => {
      const markLine = marks[index];
      return { ...series, showSymbol: true, symbolSize: 4, ...(markLine ? { markLine } : {}) };
    }),
  };
}
