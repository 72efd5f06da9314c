import { theme as antTheme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCharts } from './loadCharts';
import type { ChartOption } from './option';
import { chartTheme } from './theme';

/** The box a chart is drawn in: `chart` is the ECharts instance drawing there, for tools that read what a chart shows. */
export interface ChartHost extends HTMLDivElement {
  chart?: EChartsType;
}

/**
 * What every chart leaves out: animation (a dashboard redraws every 20 s, and animating every chart
 * each time costs the main thread).
 */
const withDefaults = (option: ChartOption): ChartOption => ({ animation: false, ...option });

export interface EChartProps {
  option: ChartOption;
  /** Accessible name of the chart (a chart is a picture to a screen reader). */
  label: string;
  height?: number | string;
  /** A click on a part of the chart: which component, series and item it was on. */
  onClick?: (event: ChartClick) => void;
}

/** Where a click on a chart landed. */
export interface ChartClick {
  componentType?: string;
  seriesIndex?: number;
  dataIndex?: number;
}

/**
 * A chart of Apache ECharts that follows its box's size, the application's theme (switched in
 * place) and language (the chart made anew), and draws each new option in the same chart: a
 * refresh keeps the zoom the user chose.
 */
export function EChart({ option, label, height = '100%', onClick }: EChartProps) {
  const box = useRef<ChartHost>(null);
  const chart = useRef<EChartsType | null>(null);
  const { token } = antTheme.useToken();
  const theme = useMemo(() => chartTheme(token), [token]);
  const { i18n } = useTranslation();
  const locale = i18n.language.startsWith('en') ? 'EN' : 'ZH';
  const latest = useRef({ option, theme, onClick });
  latest.current = { option, theme, onClick };

  useEffect(() => {
    let live = true;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    const element = box.current;
    void loadCharts().then(({ init }) => {
      if (!live || !element) return;
      instance = init(element, latest.current.theme, { locale });
      instance.setOption(withDefaults(latest.current.option));
      instance.on('click', (event) => latest.current.onClick?.(event as ChartClick));
      chart.current = instance;
      element.chart = instance;
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(element);
    });
    return () => {
      live = false;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
      if (element) delete element.chart;
    };
  }, [locale]);

  useEffect(() => {
    chart.current?.setTheme(theme);
  }, [theme]);

  useEffect(() => {
    // The series are replaced (a series taken out of the option leaves the chart); components such
    // as the zoom keep the state the user gave them.
    chart.current?.setOption(withDefaults(option), { replaceMerge: ['series'] });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
