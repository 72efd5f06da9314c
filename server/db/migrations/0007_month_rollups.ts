import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';

/**
 * Monthly rollups beside the hourly and daily ones, so that a year's figures read twelve rows per
 * variable; made from the daily rollups already stored.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const double = dialect === 'postgres' ? 'double precision' : 'real';
  const table = db.schema
    .createTable('rollup_month')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('var_id', 'integer', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('min', double, (col) => col.notNull())
    .addColumn('max', double, (col) => col.notNull())
    .addColumn('sum', double, (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('first', double, (col) => col.notNull())
    .addColumn('first_ts', 'bigint', (col) => col.notNull())
    .addColumn('last', double, (col) => col.notNull())
    .addColumn('last_ts', 'bigint', (col) => col.notNull())
    .addColumn('inc', double, (col) => col.notNull())
    .addPrimaryKeyConstraint('rollup_month_pk', ['tenant_id', 'var_id', 'month']);
  await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
  // The first and last readings of a month are those of its first and last days.
  const edge = (column: string, order: 'asc' | 'desc') =>
    sql.raw(
      `(select d.${column} from rollup_day d where d.tenant_id = m.tenant_id and d.var_id = m.var_id ` +
        `and substr(d.day, 1, 7) = m.month order by d.day ${order} limit 1)`,
    );
  await sql`
    insert into rollup_month (tenant_id, var_id, month, min, max, sum, count, first, first_ts, last, last_ts, inc)
    select m.tenant_id, m.var_id, m.month, min(m.min), max(m.max), sum(m.sum), sum(m.count),
      ${edge('first', 'asc')}, ${edge('first_ts', 'asc')}, ${edge('last', 'desc')}, ${edge('last_ts', 'desc')}, sum(m.inc)
    from (select tenant_id, var_id, substr(day, 1, 7) as month, min, max, sum, count, inc from rollup_day) m
    group by m.tenant_id, m.var_id, m.month
  `.execute(db);
}
