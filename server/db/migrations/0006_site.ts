import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationContext';

/**
 * Each station's dashboard document (versioned), the remote-control commands sent to its devices,
 * and the simulator's stations and lease.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('site_kanban')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('update_time', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('site_kanban_pk', ['tenant_id', 'station_id'])
    .execute();
  await idColumn(db.schema.createTable('yk_command'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('var_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('create_time', 'bigint', (col) => col.notNull())
    .addColumn('done_time', 'bigint')
    .execute();
  await db.schema.createIndex('yk_command_var').on('yk_command').columns(['tenant_id', 'var_id', 'id']).execute();
  await db.schema
    .createTable('simulator_station')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('ts', 'bigint')
    .addPrimaryKeyConstraint('simulator_station_pk', ['tenant_id', 'station_id'])
    .execute();
  await db.schema
    .createTable('simulator_lease')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('expires', 'bigint', (col) => col.notNull())
    .execute();
}
