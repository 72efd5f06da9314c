import type { Kysely } from 'kysely';

/**
 * The links of the open routes (a quotation sent to its customer, the QR code on an asset): a random
 * token, stored only as its hash, naming one record of one tenant until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('open_link')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}
