import type { GlobalToken } from 'antd';
import { SERIES_PALETTE } from './palette';

/**
 * The ECharts theme of the application's theme: the series palette, and text, axes, split lines,
 * tooltips and the zoom slider in the colours of the Ant Design tokens, so that a chart looks like
 * the screen around it in the light and the dark theme alike.
 */
export function chartTheme(token: GlobalToken): Record<string, unknown> {
  const text = token.colorTextSecondary;
  const line = token.colorSplit;
  const axis = {
    axisLine: { lineStyle: { color: line } },
    axisTick: { lineStyle: { color: line } },
    axisLabel: { color: text },
    splitLine: { lineStyle: { color: [line] } },
    nameTextStyle: { color: text },
  };
  return {
    color: [...SERIES_PALETTE],
    backgroundColor: 'transparent',
    textStyle: { color: text, fontFamily: token.fontFamily },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
    legend: { textStyle: { color: text } },
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
    },
    dataZoom: {
      textStyle: { color: text },
      borderColor: line,
      fillerColor: token.colorFillSecondary,
      handleStyle: { color: token.colorBgContainer, borderColor: token.colorBorder },
    },
    gauge: { axisLabel: { color: text }, detail: { color: token.colorText }, title: { color: text } },
    geo: {
      itemStyle: { areaColor: token.colorFillSecondary, borderColor: token.colorBorder },
      label: { color: text },
      emphasis: { itemStyle: { areaColor: token.colorFill }, label: { color: token.colorText } },
    },
  };
}
