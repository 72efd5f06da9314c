import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionsOperations } from '../../../generated/registry';
import { useRuntime } from '../../RuntimeContext';

interface Option {
  id: number;
  name: string;
  inactive?: boolean;
}

/**
 * Picks a record of another entity (`x-ref`) by name, from the entity's options call: the
 * first twenty by name, narrowed as the user types; the chosen record is labelled even when it
 * is not among them. Expired records are shown but cannot be chosen.
 */
export function RefSelect({ id, value, disabled, readonly, options, onChange, onBlur, onFocus, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const entity = String(options.entity ?? '');
  const operation = optionsOperations[entity];
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  const [chosen, setChosen] = useState<Option>();

  useEffect(() => {
    if (!operation) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .callDynamic(operation, { query: search ? { name: search } : {} }, { silent: true })
        .then((answer) => {
          if (current) setFound(answer as Option[]);
        })
        // Without the options the picker stays empty; the form can still be read and sent.
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, operation, search]);

  useEffect(() => {
    if (!operation || typeof value !== 'number' || chosen?.id === value) return;
    void api
      .callDynamic(operation, { query: { id: value } }, { silent: true })
      .then((answer) => setChosen((answer as Option[])[0]))
      .catch(() => undefined);
  }, [api, operation, value, chosen]);

  const all = chosen && !found.some((option) => option.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <Select
      id={id}
      value={typeof value === 'number' ? value : undefined}
      disabled={disabled || readonly}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={placeholder || t('common.select')}
      style={{ width: '100%' }}
      options={all.map((option) => ({
        value: option.id,
        label: option.inactive ? `${option.name} (${t('common.expired')})` : option.name,
        disabled: option.inactive === true && option.id !== value,
      }))}
      onChange={(next?: number) => {
        setChosen(all.find((option) => option.id === next));
        onChange(next ?? undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
