import type { WidgetProps } from '@rjsf/utils';
import { Flex, InputNumber, Typography } from 'antd';
import { CURRENCY_LABEL } from '../../format/money';

const withSeparators = (text: string | undefined) => {
  const [whole = '', fraction] = String(text ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

/**
 * An amount of money: thousand separators, two decimals, the currency label before it (beside the
 * input, not inside it, so that the field's label names the input itself). The range
 * is left to validation, so an amount over the cap is answered by its message, not silently cut.
 */
export function MoneyInput({ id, value, disabled, readonly, onChange, onBlur, label }: WidgetProps) {
  return (
    <Flex align="center" gap="small">
      <Typography.Text type="secondary">{CURRENCY_LABEL}</Typography.Text>
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
    </Flex>
  );
}
