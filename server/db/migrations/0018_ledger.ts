import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';
import { idColumn } from '../migrationContext';

/** Money and energy columns of a ledger interval (unrounded; rounded to the fen only when answered). */
const AMOUNTS = [
  'purchase_price',
  'sale_price',
  'capacity_rate',
  'import_kwh',
  'export_kwh',
  'charge_kwh',
  'discharge_kwh',
  'pv_kwh',
  'demand_kw',
  'baseline_demand_kw',
  'import_cost',
  'export_revenue',
  'charge_cost',
  'discharge_value',
  'pv_value',
  'actual_cost',
  'baseline_cost',
  'savings',
];

/**
 * The settlement ledger (`server/ledger/`): one row per station and closed settlement interval,
 * with its energies, the prices in force and what they come to, and the record of recomputations
 * (which intervals a corrected sample or a changed price list repriced, and why). Rows are
 * tenant-owned; keys lead with the tenant.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const double = dialect === 'postgres' ? 'double precision' : 'real';
  let table = db.schema
    .createTable('ledger_interval')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('price_key', 'text')
    .addColumn('list_id', 'integer')
    .addColumn('period', 'text', (col) => col.notNull());
  for (const column of AMOUNTS) table = table.addColumn(column, double);
  await table
    .addColumn('complete', 'integer', (col) => col.notNull())
    .addColumn('measured', 'integer', (col) => col.notNull())
    .addColumn('settled', 'integer', (col) => col.notNull())
    .addColumn('computed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_interval_pk', ['tenant_id', 'station_id', 'start'])
    .execute();
  await db.schema
    .createIndex('ledger_interval_month')
    .on('ledger_interval')
    .columns(['tenant_id', 'month', 'station_id'])
    .execute();
  await idColumn(db.schema.createTable('ledger_recompute'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('first_start', 'bigint', (col) => col.notNull())
    .addColumn('last_start', 'bigint', (col) => col.notNull())
    .addColumn('intervals', 'integer', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_recompute_station')
    .on('ledger_recompute')
    .columns(['tenant_id', 'station_id', 'id'])
    .execute();
}
