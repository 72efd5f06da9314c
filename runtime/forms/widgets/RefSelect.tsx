import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordSearch, useRecordOptions } from './useRecordOptions';

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');

/**
 * Picks a record of another entity (`x-ref`) by name, from the entity's options call: the
 * first twenty by name, narrowed as the user types (those shown at once, then the server's
 * answer for what was typed); the chosen records are labelled even when
 * they are not among them. Expired records are shown but cannot be chosen. With the option
 * `multiple` (a list of references) it chooses several.
 */
export function RefSelect({ id, value, disabled, readonly, options, onChange, onBlur, onFocus, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const multiple = options.multiple === true;
  const records = useRecordOptions(String(options.entity ?? ''), idsOf(value));
  const selectOptions = records.options.map((option) => ({
    value: option.id,
    label: option.inactive ? `${option.name} (${t('common.expired')})` : option.name,
    disabled: option.inactive === true && !idsOf(value).includes(option.id),
  }));
  return (
    <Select<number | number[]>
      id={id}
      {...(multiple ? { mode: 'multiple' as const } : {})}
      value={multiple ? idsOf(value) : typeof value === 'number' ? value : undefined}
      disabled={disabled || readonly}
      allowClear
      showSearch={recordSearch(records)}
      placeholder={placeholder || t('common.select')}
      style={{ width: '100%' }}
      options={selectOptions}
      onChange={(next?: number | number[]) => {
        const ids = idsOf(next);
        records.choose(ids);
        onChange(multiple ? ids : (ids[0] ?? undefined));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
