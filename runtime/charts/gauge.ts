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

/** How much of the dial a value fills, from 0 to 1 (a value beyond the scale fills it or leaves it empty). */
export function gaugeShare(value: number | null, min: number, max: number): number {
  if (value === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/**
 * A dial of 240° filled as far as the value lies between min and max, the value written in its
 * middle and the scale's ends under it: ECharts' gauge, without needle or ticks.
 */
export function gaugeOption(dial: Dial): ChartOption {
  const { min, text, color, track, fontSize = 16 } = dial;
  // A scale without width (min not below max) draws an empty dial of one unit.
  const max = dial.max > min ? dial.max : min + 1;
  const share = gaugeShare(dial.value, min, dial.max);
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
        data: dial.value === null ? [] : [{ value: min + share * (max - min) }],
      },
    ],
  };
}
