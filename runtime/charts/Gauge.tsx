import { theme } from 'antd';
import { useMemo } from 'react';
import { ChartCanvas, type ChartConfig } from './ChartCanvas';
import { SERIES_PALETTE } from './palette';

export interface GaugeProps {
  /** The value shown; none leaves the dial empty. */
  value: number | null;
  min: number;
  max: number;
  /** The value as written in the dial's middle (with its unit). */
  text: string;
  /** Accessible name of the dial. */
  label: string;
  color?: string;
  height?: number | string;
  fontSize?: number;
}

/** How much of the dial a value fills, from 0 to 1 (a value beyond the scale fills it or leaves it empty). */
export function gaugeShare(value: number | null, min: number, max: number): number {
  if (value === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** A dial of 240° filled as far as the value lies between min and max, the value written in its middle and the scale's ends under it. */
export function Gauge({ value, min, max, text, label, color = SERIES_PALETTE[0], height = 160, fontSize = 16 }: GaugeProps) {
  const { token } = theme.useToken();
  const share = gaugeShare(value, min, max);
  const config = useMemo<ChartConfig<'doughnut'>>(
    () => ({
      type: 'doughnut',
      data: {
        datasets: [{ data: [share, 1 - share], backgroundColor: [color, token.colorFillSecondary], borderWidth: 0 }],
      },
      options: { rotation: -120, circumference: 240, cutout: '80%', plugins: { tooltip: { enabled: false } } },
    }),
    [share, color, token.colorFillSecondary],
  );
  const end = { position: 'absolute', bottom: '12%', fontSize: 12, color: token.colorTextSecondary } as const;
  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <ChartCanvas config={config} label={label} />
      <div aria-hidden style={{ position: 'absolute', left: 0, right: 0, top: '45%', textAlign: 'center', fontSize }}>
        {text}
      </div>
      <span aria-hidden style={{ ...end, left: '18%' }}>
        {min}
      </span>
      <span aria-hidden style={{ ...end, right: '18%' }}>
        {max}
      </span>
    </div>
  );
}
