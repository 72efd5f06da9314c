import type { ChartOption } from './option';

/** A slice of a whole: its name, its value and its share of the whole in percent. */
export interface ShareSlice {
  name: string;
  value: number;
  share: number | null;
  color: string;
}

export interface ShareRingOptions {
  /** A value as the widget writes it (with its unit). */
  value(value: number): string;
  /** A share as the widget writes it (with its percent sign). */
  share(share: number | null): string;
  /** The hole in the middle, as a share of the radius ('0%' draws a pie). */
  inner?: string;
  /** What each slice reads: its share (the default), or its value. */
  reads?: 'share' | 'value';
}

/** Slices narrower than this (degrees) read nothing: their text would not fit and would cover their neighbours'. */
const NARROWEST_LABEL = 14;

/** The parts of a whole as a ring: each slice reads its share, its tooltip its name, value and share. */
export function shareRing(slices: ShareSlice[], options: ShareRingOptions): ChartOption {
  const { value, share, inner = '55%', reads = 'share' } = options;
  const sliceOf = (index: number) => slices[index];
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const slice = sliceOf(Array.isArray(params) ? -1 : params.dataIndex);
        return slice ? `${slice.name}: ${value(slice.value)} (${share(slice.share)})` : '';
      },
    },
    series: [
      {
        type: 'pie',
        radius: [inner, '90%'],
        minShowLabelAngle: NARROWEST_LABEL,
        label: {
          position: 'inside',
          color: '#fff',
          formatter: (params) => {
            const slice = sliceOf(params.dataIndex);
            if (!slice) return '';
            return reads === 'share' ? share(slice.share) : value(slice.value);
          },
        },
        labelLine: { show: false },
        data: slices.map((slice) => ({ name: slice.name, value: slice.value, itemStyle: { color: slice.color } })),
      },
    ],
  };
}

/** What a ring draws, read back from its option: each slice, and what a slice and its tooltip read. */
export interface RingReading {
  radius: unknown;
  slices: { name: string; value: number; color: string }[];
  label(index: number): string;
  tooltip(index: number): string;
}

type Formatter = (params: { dataIndex: number }) => string;

/** Reads back the ring of a `shareRing` option (its first series). */
export function readRing(option: ChartOption): RingReading {
  const [series] = [option.series].flat() as {
    radius?: unknown;
    data?: { name: string; value: number; itemStyle: { color: string } }[];
    label?: { formatter: Formatter };
  }[];
  const tooltip = [option.tooltip].flat()[0] as { formatter: Formatter } | undefined;
  return {
    radius: series?.radius,
    slices: (series?.data ?? []).map((slice) => ({ name: slice.name, value: slice.value, color: slice.itemStyle.color })),
    label: (dataIndex) => series?.label?.formatter({ dataIndex }) ?? '',
    tooltip: (dataIndex) => tooltip?.formatter({ dataIndex }) ?? '',
  };
}
