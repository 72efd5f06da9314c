import type { WidgetProps } from '@rjsf/utils';
import { InputNumber, Space } from 'antd';
import { CURRENCY_LABEL } from '../../format/money';

const withSeparators = (text: string | undefined) => {
  const [whole = '', fraction] = String(text ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

/**
 * An amount of money: thousand separators, two decimals, the currency label before it (an addon
 * beside the input, on one line however narrow the field, not inside it, so that the field's label
 * names the input itself). The range is left to validation, so an amount over the cap is answered
 * by its message, not silently cut.
 */
export function MoneyInput({ id, value, disabled, readonly, onChange, onBlur, label }: WidgetProps) {
  return (
    <Space.Compact block>
      <Space.Addon>{CURRENCY_LABEL}</Space.Addon>
      <InputNumber<string>
        id={id}
        aria-label={label}
        stringMode
        precision={2}
        style={{ width: '100%' }}
        value={typeof value === 'number' ? String(value) : undefined}
        disabled={disabled || readonly}
        formatter={withSeparators}
        parser={(text) => (text ?? '').replace(/,/g, '')}
        onChange={(next) => onChange(next === null || next === '' ? undefined : Number(next))}
        onBlur={() => onBlur(id, value)}
      />
    </Space.Compact>
  );
}
