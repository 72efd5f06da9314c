import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';

/**
 * What a stored interval was priced at and came to: since the ledger prices at read time
 * (`server/ledger/book.ts`), an interval keeps only what it measured, which no price change alters.
 */
const PRICED = [
  'price_key',
  'list_id',
  'period',
  'purchase_price',
  'sale_price',
  'capacity_rate',
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

/** Drops the priced columns of `ledger_interval` (PostgreSQL in one statement; SQLite drops a column a statement). */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    let alter = db.schema.alterTable('ledger_interval').dropColumn(PRICED[0] as string);
    for (const column of PRICED.slice(1)) alter = alter.dropColumn(column);
    await alter.execute();
    return;
  }
  for (const column of PRICED) await db.schema.alterTable('ledger_interval').dropColumn(column).execute();
}
