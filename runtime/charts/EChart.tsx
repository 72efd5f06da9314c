import { theme as antTheme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCharts } from './loadCharts';
import type { ChartOption } from './option';
import { drawInTurn } from './drawInTurn';
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

/** The size of the chart's box, as the chart takes it when laid out. */
const sizeOf = (element: HTMLElement): string => `${element.clientWidth}x${element.clientHeight}`;

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
  /** The box's size when the chart was last laid out: a resize observed at that size draws nothing new. */
  const laidOut = useRef('');
  const latest = useRef({ option, theme, onClick });
  latest.current = { option, theme, onClick };

  useEffect(() => {
    let live = true;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    const element = box.current;
    void loadCharts().then(({ init }) =>
      drawInTurn(() => {
        if (!live || !element) return;
        instance = init(element, latest.current.theme, { locale });
        instance.setOption(withDefaults(latest.current.option));
        laidOut.current = sizeOf(element);
        instance.on('click', (event) => latest.current.onClick?.(event as ChartClick));
        chart.current = instance;
        element.chart = instance;
        // The observer reports the box once at first, and again when an option has already been laid
        // out at the new size: each of those would draw the whole chart again for nothing.
        observer = new ResizeObserver(() => {
          const size = sizeOf(element);
          if (size === laidOut.current) return;
          laidOut.current = size;
          instance?.resize();
        });
        observer.observe(element);
      }),
    );
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
    const instance = chart.current;
    const element = box.current;
    if (!instance || !element) return;
    // A new option often comes with a new size of the box (a legend above it wrapping to another
    // line): the chart then takes the option and the size in one layout and one drawing, rather
    // than being drawn at the old size and again once the resize is observed.
    const size = sizeOf(element);
    const resized = size !== laidOut.current;
    // The series are replaced (a series taken out of the option leaves the chart); components such
    // as the zoom keep the state the user gave them.
    instance.setOption(withDefaults(option), { replaceMerge: ['series'], lazyUpdate: resized });
    if (!resized) return;
    laidOut.current = size;
    instance.resize();
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
