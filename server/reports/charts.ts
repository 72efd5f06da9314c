import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, GridComponent, LegendComponent, SVGRenderer]);

/** A bar chart of a report: one bar per category and series, drawn into its PDF (a workbook keeps the table). */
export interface ReportChart {
  title: string;
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
}

/**
 * A report's chart drawn on the server as SVG by ECharts (the library of the screens' charts),
 * vector shapes and real text: the PDF draws it as it is, so its labels stay searchable.
 */
export function chartSvg(chart: ReportChart, width: number, height: number): string {
  const drawn = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    drawn.setOption({
      animation: false,
      legend: { top: 0, itemWidth: 12, itemHeight: 8, textStyle: { fontSize: 8 } },
      grid: { left: 8, right: 8, top: 24, bottom: 4 },
      xAxis: {
        type: 'category',
        data: chart.categories,
        axisLabel: { fontSize: 7, hideOverlap: true, rotate: chart.categories.length > 12 ? 45 : 0 },
      },
      yAxis: { type: 'value', axisLabel: { fontSize: 7 } },
      series: chart.series.map((s) => ({ type: 'bar', name: s.name, data: s.values })),
    });
    return drawn.renderToSVGString();
  } finally {
    drawn.dispose();
  }
}
