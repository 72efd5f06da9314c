import { queryOptions, skipToken, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { optionsOperations } from '../../../generated/registry';
import { answersOf, callKey, readCall } from '../../api/answers';
import type { Api } from '../../api/client';
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

/** How long typing rests before the server is asked for what it narrows to (ms). */
const TYPING_REST_MS = 250;

/** The options call of `operation` with `query`, as a query of the runtime's answers (shared by every picker of the entity). */
const optionsQuery = (api: Api, operation: string | undefined, query: Record<string, unknown>) =>
  queryOptions({
    queryKey: callKey(operation ?? '', { query }),
    queryFn: operation ? (readCall(api, operation, { query }) as () => Promise<RecordOption[]>) : skipToken,
  });

/**
 * The records a picker of `entity` offers: the first twenty by name, narrowed by what is typed
 * (the server's answer a quarter of a second after the last key), and the chosen ones (`value`)
 * labelled even when they are not among them, asked for by id. Without an answer the picker
 * offers what it has; the form can still be read and sent.
 */
export function useRecordOptions(entity: string, value: number[]): RecordOptionsResult {
  const { api } = useRuntime();
  const answers = answersOf(api);
  const operation = optionsOperations[entity];
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  const [chosen, setChosen] = useState<RecordOption[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(search), TYPING_REST_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery(
    { ...optionsQuery(api, operation, asked ? { name: asked } : {}), placeholderData: (previous) => previous },
    answers,
  ).data;

  const missing = value.filter((one) => !chosen.some((option) => option.id === one));
  const labelled = useQueries({ queries: missing.map((id) => optionsQuery(api, operation, { id })) }, answers).flatMap(
    (answer) => answer.data?.slice(0, 1) ?? [],
  );

  const known = [...chosen, ...labelled];
  const options = [...known.filter((option) => !found?.some((one) => one.id === option.id)), ...(found ?? [])];
  return { options, setSearch, choose: (ids) => setChosen(options.filter((option) => ids.includes(option.id))) };
}

/** The names the answers by id give, by id. */
const namesOf = (answers: UseQueryResult<RecordOption[]>[]) =>
  new Map(answers.flatMap((answer) => answer.data?.slice(0, 1).map((option) => [option.id, option.name] as const) ?? []));

/**
 * The names of the records of `entity` with the ids given, as its pickers name them: each asked
 * for by id (every screen that names it shares the answer); the same map while they stay the same.
 */
export function useRecordNames(entity: string, ids: number[]): Map<number, string> {
  const { api } = useRuntime();
  const operation = optionsOperations[entity];
  const asked = operation ? [...new Set(ids)] : [];
  return useQueries({ queries: asked.map((id) => optionsQuery(api, operation, { id })), combine: namesOf }, answersOf(api));
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
