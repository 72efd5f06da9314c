import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption, FunnelSeriesOption, GaugeSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePreferences } from '../RuntimeContext';
import { SERIES_PALETTE } from './palette';

registerCharts([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkLineComponent,
  MarkPointComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/**
 * The chart options of the widgets and page charts (only these charts and components are in the
 * bundle; the funnel is registered by the page charts, which alone draw one).
 */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | FunnelSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface EChartProps {
  option: ChartOption;
  /** Accessible name of the chart (charts are pictures to a screen reader). */
  label: string;
  height?: number | string;
}

/**
 * An ECharts chart that follows its box's size and the theme; each new option replaces the last
 * (`notMerge`), so an emptied option empties the chart.
 */
export function EChart({ option, label, height = '100%' }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { theme } = usePreferences();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);
  useEffect(() => {
    // No animation: a dashboard refreshes every 20 s, and animating every chart each time costs the main thread.
    chart.current?.setOption(
      { color: [...SERIES_PALETTE], backgroundColor: 'transparent', animation: false, ...option },
      { notMerge: true },
    );
  }, [option, theme]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
