/**
 * The chart chunk: Apache ECharts with just the series, components and renderer the platform
 * draws with. It loads on its own, when a screen first asks for it (`loadCharts`): the dashboard's
 * route asks beside its first data call.
 */
import { BarChart, FunnelChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, registerMap, use as register } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

// ECharts' `use` registers chart parts; it is no React hook.
register([
  BarChart,
  LineChart,
  PieChart,
  GaugeChart,
  FunnelChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  MarkLineComponent,
  MarkPointComponent,
  MarkAreaComponent,
  GeoComponent,
  // Names that would overlap are hidden (the station map's).
  LabelLayout,
  CanvasRenderer,
]);

export { init, registerMap };
