import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../db/tables';

/** A record as the API shows it: the schema's properties, absent when empty. */
export type EntityRecord = Record<string, unknown>;

/** One condition of a list: equality, "contains" (free text), a bound, or one of a list of values. */
export interface Filter {
  field: string;
  op: 'eq' | 'contains' | 'lte' | 'gte' | 'in';
  /** For `in`: the values, as an array or as text separated by commas (as a query carries them). */
  value: unknown;
}

export interface ListQuery {
  filters: Filter[];
  /** Only records owned by this user. */
  ownedBy?: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  current: number;
  size: number;
}

/** The database, or a transaction on it, that a repository's reads and writes go through. */
export type Db = Kysely<Tables> | Transaction<Tables>;
