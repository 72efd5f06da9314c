import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database';

/** What a migration is given: the engine, where the two differ. */
export interface MigrationContext {
  dialect: Dialect;
}

/** An auto-increment integer primary key named `id`, in each engine's own way. */
export function idColumn<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
