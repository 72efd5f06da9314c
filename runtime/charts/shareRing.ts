import type { ChartConfig } from './ChartCanvas';

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
  cutout?: string;
}

/** The parts of a whole as a ring: each slice shows its share, its tooltip the value and the share. */
export function shareRing(slices: ShareSlice[], { value, share, cutout = '55%' }: ShareRingOptions): ChartConfig<'doughnut'> {
  return {
    type: 'doughnut',
    data: {
      labels: slices.map((slice) => slice.name),
      datasets: [{ data: slices.map((slice) => slice.value), backgroundColor: slices.map((slice) => slice.color) }],
    },
    options: {
      cutout,
      radius: '90%',
      plugins: {
        sliceLabels: { text: (index) => share(slices[index]?.share ?? null) },
        tooltip: {
          callbacks: {
            label: (item) => {
              const slice = slices[item.dataIndex];
              return slice ? `${value(slice.value)} (${share(slice.share)})` : '';
            },
          },
        },
      },
    },
  };
}
