import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from './EChart';
import { gaugeOption } from './gauge';
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

/** A dial of 240° filled as far as the value lies between min and max (`gaugeOption`). */
export function Gauge({ value, min, max, text, label, color = SERIES_PALETTE[0], height = 160, fontSize }: GaugeProps) {
  const { token } = theme.useToken();
  const option = useMemo(
    () => gaugeOption({ value, min, max, text, color, track: token.colorFillSecondary, fontSize }),
    [value, min, max, text, color, token.colorFillSecondary, fontSize],
  );
  return <EChart option={option} label={label} height={height} />;
}
