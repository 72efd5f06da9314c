import type * as ChartChunk from './echarts';

let chunk: Promise<typeof ChartChunk> | undefined;

/**
 * The chart chunk (ECharts), requested once: a screen that will draw charts asks for it as early
 * as it knows, so that it arrives beside the screen's data rather than after it. In a module of
 * its own, so that a route's loader can ask for it without bringing the chart component.
 */
export function loadCharts(): Promise<typeof ChartChunk> {
  chunk ??= import('./echarts');
  return chunk;
}
