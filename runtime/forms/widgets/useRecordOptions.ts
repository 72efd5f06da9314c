import { useEffect, useState } from 'react';
import { optionsOperations } from '../../../generated/registry';
import { useRuntime } from '../../RuntimeContext';

/** A record of another entity as a picker offers it (the entity's options call). */
export interface RecordOption {
  id: number;
  name: string;
  inactive?: boolean;
}

export interface RecordOptionsResult {
  /** The chosen records first (when not among those found), then those found for what is typed. */
  options: RecordOption[];
  /** Narrows the options to the records whose name contains the text (asked of the server). */
  setSearch(text: string): void;
  /** Keeps the labels of the records now chosen, among the options shown. */
  choose(ids: number[]): void;
}

/**
 * The records a picker of `entity` offers: the first twenty by name, narrowed by what is typed
 * (the server's answer a quarter of a second after the last key), and the chosen ones (`value`)
 * labelled even when they are not among them, asked for by id.
 */
export function useRecordOptions(entity: string, value: number[]): RecordOptionsResult {
  const { api } = useRuntime();
  const operation = optionsOperations[entity];
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<RecordOption[]>([]);
  const [chosen, setChosen] = useState<RecordOption[]>([]);

  useEffect(() => {
    if (!operation) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .callDynamic(operation, { query: search ? { name: search } : {} }, { silent: true })
        .then((answer) => {
          if (current) setFound(answer as RecordOption[]);
        })
        // Without the options the picker stays empty; the form can still be read and sent.
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, operation, search]);

  const missing = value.filter((one) => !chosen.some((option) => option.id === one)).join(',');
  useEffect(() => {
    if (!operation || !missing) return;
    for (const one of missing.split(',').map(Number)) {
      void api
        .callDynamic(operation, { query: { id: one } }, { silent: true })
        .then((answer) => {
          const option = (answer as RecordOption[])[0];
          if (option) setChosen((previous) => [...previous.filter((known) => known.id !== option.id), option]);
        })
        .catch(() => undefined);
    }
  }, [api, operation, missing]);

  const options = [...chosen.filter((option) => !found.some((known) => known.id === option.id)), ...found];
  return { options, setSearch, choose: (ids) => setChosen(options.filter((option) => ids.includes(option.id))) };
}

/**
 * A record picker's search: what is typed narrows the options shown at once (by name), then asks
 * the server for the records whose name holds it.
 */
export function recordSearch(records: Pick<RecordOptionsResult, 'setSearch'>) {
  return {
    filterOption: (input: string, option?: { label?: unknown }) =>
      String(option?.label ?? '')
        .toLowerCase()
        .includes(input.trim().toLowerCase()),
    onSearch: records.setSearch,
  };
}
