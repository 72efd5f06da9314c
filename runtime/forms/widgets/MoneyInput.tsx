import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { Input, Space } from 'antd';
import { useState } from 'react';
import { CURRENCY_LABEL, formatMoney, isAmount, parseAmount } from '../../format/money';

/**
 * What the form holds for a typed text: the amount it writes, nothing for an empty field, else the
 * text itself, which the form's validation refuses with the message the server gives for it.
 */
function formValueOf(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  return parseAmount(text) ?? text;
}

/** A value of the form as the field shows it: an amount with separators and two decimals, anything else as it is. */
function shownOf(value: unknown): string {
  if (isAmount(value)) return formatMoney(value);
  return value === undefined || value === null ? '' : String(value);
}

/** The text typed last; `held`, once the field is left, the form's value for it then. */
interface Typed {
  text: string;
  focused: boolean;
  held?: unknown;
}

/**
 * An amount of money: thousand separators, two decimals, the currency label before it (an addon
 * beside the input, on one line however narrow the field, not inside it, so that the field's label
 * names the input itself). What is typed stays as typed: letters, a third decimal or an amount over
 * the cap are not reverted, rounded or cut, but refused by validation with their message beside
 * the field, and Save with them. A valid amount is shown with separators once the field is left.
 */
export function MoneyInput({ id, value, disabled, readonly, onChange, onBlur, label }: WidgetProps) {
  const [typed, setTyped] = useState<Typed>();
  // The typed text shows while it is being typed and, after, while the form still holds what it
  // made of it (a value set from elsewhere, such as a reset, shows instead).
  const text = typed && (typed.focused || Object.is(typed.held, value)) ? typed.text : shownOf(value);
  return (
    <Space.Compact block>
      <Space.Addon>{CURRENCY_LABEL}</Space.Addon>
      <Input
        id={id}
        aria-label={label}
        aria-describedby={ariaDescribedByIds(id)}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled || readonly}
        onChange={(event) => {
          setTyped({ text: event.target.value, focused: true });
          onChange(formValueOf(event.target.value));
        }}
        onBlur={() => {
          setTyped(typed && !isAmount(value) && value !== undefined ? { ...typed, focused: false, held: value } : undefined);
          onBlur(id, value);
        }}
      />
    </Space.Compact>
  );
}
