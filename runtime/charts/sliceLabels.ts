import { Chart, type ArcElement, type ChartType, type Plugin } from 'chart.js';

/** Texts written on the slices of a pie or doughnut (the library draws none). */
export interface SliceLabelOptions {
  /** The lines of a slice's text; none draws no text. */
  text?: (index: number) => string | string[];
  /** On the slice, or beside it outside the ring. */
  position?: 'inside' | 'outside';
  /** The colour of text outside the ring (the theme's, set by the chart canvas); inside it is white. */
  color?: string;
}

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    sliceLabels?: SliceLabelOptions;
  }
}

const LINE_HEIGHT = 14;
/** A slice narrower than this (radians) gets no text: it would not fit, and would cover its neighbours'. */
const NARROWEST = 0.25;

/** Writes each slice's text on the slice or beside it, centred on its middle angle. */
export const sliceLabels: Plugin<ChartType, SliceLabelOptions> = {
  id: 'sliceLabels',
  afterDatasetsDraw(chart, _args, options) {
    const { text } = options;
    if (!text) return;
    const outside = options.position === 'outside';
    const { ctx } = chart;
    ctx.save();
    ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
    ctx.textBaseline = 'middle';
    chart.getDatasetMeta(0).data.forEach((element, index) => {
      const arc = element as ArcElement;
      const { x, y, startAngle, endAngle, innerRadius, outerRadius } = arc.getProps(
        ['x', 'y', 'startAngle', 'endAngle', 'innerRadius', 'outerRadius'],
        true,
      );
      if (!chart.getDataVisibility(index) || endAngle - startAngle < NARROWEST) return;
      const lines = [text(index)].flat().filter((line) => line !== '');
      const middle = (startAngle + endAngle) / 2;
      const radius = outside ? outerRadius + 8 : (innerRadius + outerRadius) / 2;
      const cx = (x ?? 0) + Math.cos(middle) * radius;
      const cy = (y ?? 0) + Math.sin(middle) * radius;
      ctx.fillStyle = outside ? (options.color ?? '#000') : '#fff';
      ctx.textAlign = outside ? (Math.cos(middle) >= 0 ? 'left' : 'right') : 'center';
      lines.forEach((line, row) => ctx.fillText(line, cx, cy + (row - (lines.length - 1) / 2) * LINE_HEIGHT));
    });
    ctx.restore();
  },
};
