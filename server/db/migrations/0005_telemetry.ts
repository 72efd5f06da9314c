import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';

/**
 * Samples as they arrive, their hourly and daily rollups, and the latest value of each variable.
 * Keys lead with the tenant, so that the tables can later be distributed by tenant.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const double = dialect === 'postgres' ? 'double precision' : 'real';
  // SQLite stores a table keyed by its primary key more compactly without the hidden row id.
  const create = async <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
  await create(
    db.schema
      .createTable('sample')
      .addColumn('tenant_id', 'integer', (col) => col.notNull())
      .addColumn('var_id', 'integer', (col) => col.notNull())
      .addColumn('ts', 'bigint', (col) => col.notNull())
      .addColumn('value', double, (col) => col.notNull())
      .addPrimaryKeyConstraint('sample_pk', ['tenant_id', 'var_id', 'ts']),
  );
  for (const [table, key, keyType] of [
    ['rollup_hour', 'bucket', 'bigint'],
    ['rollup_day', 'day', 'text'],
  ] as const) {
    await create(
      db.schema
        .createTable(table)
        .addColumn('tenant_id', 'integer', (col) => col.notNull())
        .addColumn('var_id', 'integer', (col) => col.notNull())
        .addColumn(key, keyType, (col) => col.notNull())
        .addColumn('min', double, (col) => col.notNull())
        .addColumn('max', double, (col) => col.notNull())
        .addColumn('sum', double, (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('first', double, (col) => col.notNull())
        .addColumn('first_ts', 'bigint', (col) => col.notNull())
        .addColumn('last', double, (col) => col.notNull())
        .addColumn('last_ts', 'bigint', (col) => col.notNull())
        .addColumn('inc', double, (col) => col.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'var_id', key]),
    );
  }
  await create(
    db.schema
      .createTable('var_state')
      .addColumn('tenant_id', 'integer', (col) => col.notNull())
      .addColumn('var_id', 'integer', (col) => col.notNull())
      .addColumn('ts', 'bigint', (col) => col.notNull())
      .addColumn('value', double, (col) => col.notNull())
      .addPrimaryKeyConstraint('var_state_pk', ['tenant_id', 'var_id']),
  );
}
