import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrationContext';
import { idColumn } from '../migrationContext';

/**
 * The site-scheme entries of sales orders (`schemas/entities/siteScheme.json`). Entity tables
 * are otherwise derived from their schemas at start; this one is made here for the index that
 * keeps a station in an order's scheme once, which no schema keyword states. Its columns are
 * those the derivation gives, so the start adds none (and adds any later property as usual).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('site_scheme'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('order_id', 'integer')
    .addColumn('sn', 'text')
    .addColumn('name', 'text')
    .addColumn('create_time', 'text')
    .addColumn('update_time', 'text')
    .execute();
  await db.schema.createIndex('site_scheme_tenant').on('site_scheme').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('site_scheme_order_id').on('site_scheme').columns(['tenant_id', 'order_id']).execute();
  await db.schema
    .createIndex('site_scheme_order_sn')
    .on('site_scheme')
    .columns(['tenant_id', 'order_id', 'sn'])
    .unique()
    .execute();
}
