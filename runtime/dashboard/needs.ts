import type { components } from '../../generated/api';
import type { BatchableOperationId } from '../../generated/registry';

/**
 * What a widget needs from the server: one of the data calls the batch call answers, with the
 * path parameters, query (as text, as in a URL) and body it would be sent with. Plain values, so
 * the scheduler can compare and merge the needs of all widgets.
 */
export interface DataNeed {
  operationId: BatchableOperationId;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The batch call's answer to a need that its call answered, one variant per batchable call. */
export type NeedSuccess = components['schemas']['DataBatchSuccess'];

/** What a batchable call answers through the batch call: the same data as its own call, typed alike. */
export type NeedData<Id extends BatchableOperationId> = Extract<NeedSuccess, { operationId: Id }>['data'];

/** A widget's needs, by the name the widget reads each answer under. */
export type Needs = Record<string, DataNeed>;

/** The state of one answer a widget needs. */
export type SlotState =
  { status: 'loading' } | { status: 'ready'; data: unknown } | { status: 'error'; message: string; code: number };

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

const keys = new WeakMap<DataNeed, string>();

/**
 * The same text for equal needs, whatever the order of their keys: the scheduler's key to merge
 * them. A need is plain data that is not changed once made, so its key is remembered.
 */
export function needKey(need: DataNeed): string {
  let key = keys.get(need);
  if (key === undefined) {
    key = JSON.stringify(canonical(need));
    keys.set(need, key);
  }
  return key;
}
