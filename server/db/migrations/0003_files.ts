import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationContext';

/** Uploaded files: their names and, on PostgreSQL, their bytes. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('sys_file'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('bucket_name', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull().unique())
    .addColumn('original_filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('created_by', 'integer', (col) => col.notNull())
    .addColumn('create_time', 'text', (col) => col.notNull())
    .execute();
}
