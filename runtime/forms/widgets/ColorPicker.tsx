import type { WidgetProps } from '@rjsf/utils';
import { ColorPicker as AntColorPicker } from 'antd';
import { SERIES_PALETTE } from '../../charts/palette';

const PRESETS = [{ label: '', colors: [...SERIES_PALETTE, '#FFFFFF', '#000000'], defaultOpen: true }];

/** The colour picker: a colour as #RRGGBB, with the chart palette as presets. */
export function ColorPicker({ value, disabled, readonly, onChange, label }: WidgetProps) {
  return (
    <AntColorPicker
      aria-label={label}
      value={typeof value === 'string' ? value : undefined}
      disabled={disabled || readonly}
      disabledAlpha
      format="hex"
      presets={PRESETS}
      showText
      onChangeComplete={(color) => onChange(color.toHexString().toUpperCase())}
    />
  );
}
