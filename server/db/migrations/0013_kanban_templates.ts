import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationContext';

/**
 * Dashboard templates of a tenant, one kind of station each, bound to roles rather than serials,
 * with every published version; and the template each station follows, the version its dashboard
 * was made from and its overrides (or that it detached).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('kanban_template'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('station_type', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('update_time', 'text', (col) => col.notNull())
    .addUniqueConstraint('kanban_template_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('kanban_template_version')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('update_time', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('kanban_template_version_pk', ['tenant_id', 'template_id', 'version'])
    .execute();
  await db.schema
    .createTable('station_template')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    .addColumn('template_version', 'integer', (col) => col.notNull())
    .addColumn('overrides', 'text', (col) => col.notNull())
    .addColumn('detached', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('station_template_pk', ['tenant_id', 'station_id'])
    .execute();
  await db.schema
    .createIndex('station_template_by_template')
    .on('station_template')
    .columns(['tenant_id', 'template_id'])
    .execute();
}
