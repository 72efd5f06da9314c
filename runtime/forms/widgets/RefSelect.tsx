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
  const { api } = useRuntime();
  const entity = String(options.entity ?? '');
  const multiple = options.multiple === true;
  const operation = optionsOperations[entity];
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  const [chosen, setChosen] = useState<Option[]>([]);

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

  // The chosen records not labelled yet (a value loaded with the form) are asked for by id.
  const unlabelled = idsOf(value).filter((one) => !chosen.some((option) => option.id === one));
  const missing = unlabelled.join(',');
  useEffect(() => {
    if (!operation || !missing) return;
    for (const one of missing.split(',').map(Number)) {
      void api
        .callDynamic(operation, { query: { id: one } }, { silent: true })
        .then((answer) => {
          const option = (answer as Option[])[0];
          if (option) setChosen((previous) => [...previous.filter((known) => known.id !== option.id), option]);
        })
        .catch(() => undefined);
    }
  }, [api, operation, missing]);

  const all = [...chosen.filter((option) => !found.some((known) => known.id === option.id)), ...found];
  const selectOptions = all.map((option) => ({
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
      // What is typed narrows the options at once, then the server's answer for it.
      showSearch={{
        filterOption: (input, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
        onSearch: setSearch,
      }}
      placeholder={placeholder || t('common.select')}
      style={{ width: '100%' }}
      options={selectOptions}
      onChange={(next?: number | number[]) => {
        const ids = idsOf(next);
        setChosen(all.filter((option) => ids.includes(option.id)));
        onChange(multiple ? ids : (ids[0] ?? undefined));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
