import type { ChartOption } from './option';

/** What a dial shows. */
export interface Dial {
  /** The value shown; none leaves the dial empty. */
  value: number | null;
  min: number;
  max: number;
  /** The value as written in the dial's middle (with its unit). */
  text: string;
  color: string;
  /** The colour of the dial's unfilled track (the theme's). */
  track: string;
  fontSize?: number;
}

/**
 * The value a dial draws: the value itself, held within the scale (beyond it, the dial is full or
 * empty); on a scale without width, its lower end. Never computed back from a share of the scale,
 * which would draw 14 as 14.000000000000002.
 */
export function dialValue(value: number | null, min: number, max: number): number | null {
  if (value === null) return null;
  return max > min ? Math.min(max, Math.max(min, value)) : min;
}

/**
 * A dial of 240° filled as far as the value lies between min and max, the value written in its
 * middle and the scale's ends under it: ECharts' gauge, without needle or ticks.
 */
export function gaugeOption(dial: Dial): ChartOption {
  const { min, text, color, track, fontSize = 16 } = dial;
  // A scale without width (min not below max) draws an empty dial of one unit.
  const max = dial.max > min ? dial.max : min + 1;
  const value = dialValue(dial.value, min, dial.max);
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        startAngle: 210,
        endAngle: -30,
        radius: '90%',
        center: ['50%', '55%'],
        splitNumber: 1,
        progress: { show: true, width: 12, itemStyle: { color } },
        axisLine: { lineStyle: { width: 12, color: [[1, track]] } },
        pointer: { show: false },
        anchor: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { distance: 4, fontSize: 12 },
        title: { show: false },
        detail: { offsetCenter: [0, 0], fontSize, formatter: () => text },
        data: value === null ? [] : [{ value }],
      },
    ],
  };
}
