import { theme as antTheme } from 'antd';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartType,
} from 'chart.js';
import annotationPlugin from 'chartjs-plugin-annotation';
import { useEffect, useRef } from 'react';
import { SERIES_PALETTE } from './palette';
import { sliceLabels } from './sliceLabels';

Chart.register(
  BarController,
  LineController,
  DoughnutController,
  PieController,
  CategoryScale,
  LinearScale,
  ArcElement,
  BarElement,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
  annotationPlugin,
  sliceLabels,
);
// Widgets name their series in a legend of their own (text a screen reader and a test can read);
// only the page charts that want the library's legend turn it on.
Chart.defaults.plugins.legend.display = false;
Chart.defaults.font.family = antTheme.getDesignToken().fontFamily;

/** What a chart draws: a Chart.js configuration of one of the registered types. */
export type ChartConfig<T extends ChartType = ChartType> = ChartConfiguration<T>;

/** The colours of a theme a chart's text and lines take. */
export interface ChartColors {
  text: string;
  line: string;
}

type Options = Record<string, unknown>;
const objectOf = (value: unknown): Options => (value && typeof value === 'object' ? (value as Options) : {});

/**
 * The options of a chart with the theme's colours wherever the chart does not set its own (the
 * library takes them from its global defaults, which would make every chart on a page follow the
 * last theme set), no animation (a dashboard refreshes every 20 s, and animating every chart each
 * time costs the main thread), and the size of its box.
 */
export function themedOptions(type: ChartType, options: Options | undefined, colors: ChartColors): Options {
  const given = objectOf(options);
  const declared = objectOf(given.scales);
  // Pies have no axes; bars and lines have x and y, whether their options name them or not.
  const ids = type === 'bar' || type === 'line' ? [...new Set(['x', 'y', ...Object.keys(declared)])] : Object.keys(declared);
  const scales = Object.fromEntries(
    ids.map((id) => {
      const own = objectOf(declared[id]);
      return [
        id,
        {
          ...own,
          // Labels that do not fit are skipped, not turned on their side (a widget is narrow).
          ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 8, ...objectOf(own.ticks) },
          grid: { color: colors.line, ...objectOf(own.grid) },
          border: { color: colors.line, ...objectOf(own.border) },
          title: { color: colors.text, ...objectOf(own.title) },
        },
      ];
    }),
  );
  const plugins = objectOf(given.plugins);
  const legend = objectOf(plugins.legend);
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    ...given,
    scales,
    plugins: {
      ...plugins,
      legend: { ...legend, labels: { color: colors.text, ...objectOf(legend.labels) } },
      sliceLabels: { color: colors.text, ...objectOf(plugins.sliceLabels) },
    },
  };
}

/** Series without colours of their own take the chart colour list's, in order. */
function paletted<T extends ChartType>(config: ChartConfig<T>): ChartConfig<T> {
  const slices = config.type === 'pie' || config.type === 'doughnut';
  const datasets = config.data.datasets.map((dataset, index) => {
    if (dataset.backgroundColor !== undefined) return dataset;
    const color = SERIES_PALETTE[index % SERIES_PALETTE.length];
    return {
      ...dataset,
      backgroundColor: slices ? dataset.data.map((_, slice) => SERIES_PALETTE[slice % SERIES_PALETTE.length]) : color,
      borderColor: dataset.borderColor ?? color,
    };
  });
  return { ...config, data: { ...config.data, datasets } };
}

export interface ChartCanvasProps<T extends ChartType> {
  config: ChartConfig<T>;
  /** Accessible name of the chart (charts are pictures to a screen reader). */
  label: string;
  height?: number | string;
}

/**
 * A chart that follows its box's size and the theme; each new configuration replaces the last
 * (an emptied configuration empties the chart) without making the chart anew, unless its type
 * changes.
 */
export function ChartCanvas<T extends ChartType>({ config, label, height = '100%' }: ChartCanvasProps<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<T> | null>(null);
  const { token } = antTheme.useToken();
  const colors: ChartColors = { text: token.colorTextSecondary, line: token.colorSplit };
  const themed = (): ChartConfig<T> => {
    const own = paletted(config);
    return { ...own, options: themedOptions(own.type, own.options as Options, colors) as ChartConfig<T>['options'] };
  };
  const latest = useRef(themed);
  latest.current = themed;
  /** The configuration the chart draws now. */
  const drawn = useRef<ChartConfig<T> | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const instance = new Chart<T>(element, latest.current());
    chart.current = instance;
    drawn.current = config;
    return () => {
      instance.destroy();
      chart.current = null;
    };
    // Made anew for another type of chart or another theme only; `config` is drawn by the next effect.
  }, [config.type, colors.text, colors.line]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const instance = chart.current;
    if (!instance || drawn.current === config) return;
    const next = latest.current();
    instance.data = next.data;
    if (next.options) instance.options = next.options;
    instance.update('none');
    drawn.current = config;
  }, [config]);

  return (
    <div role="img" aria-label={label} style={{ position: 'relative', width: '100%', height }}>
      <canvas ref={canvas} />
    </div>
  );
}
