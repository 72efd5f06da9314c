import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationContext';

/**
 * Scheduled reports. `report_definition` is the entity table of `schemas/entities/reportDefinition.json`
 * (its columns are those the derivation gives, so the start adds none), made here beside the
 * tables no schema states: each run of a definition (one per scheduled time: the unique key is
 * how one node of a cluster, and only one, claims it), the files a run made, and whether a
 * tenant's administrator allowed recipients outside the tenant.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('report_definition'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('name', 'text')
    .addColumn('kind', 'text')
    .addColumn('station_ids', 'text')
    .addColumn('format', 'text')
    .addColumn('language', 'text')
    .addColumn('recipients', 'text')
    .addColumn('outside_recipients', 'text')
    .addColumn('frequency', 'text')
    .addColumn('time_of_day', 'text')
    .addColumn('weekday', 'integer')
    .addColumn('day_of_month', 'integer')
    .addColumn('zone', 'text')
    .addColumn('active_until', 'text')
    .addColumn('enabled', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('create_time', 'text')
    .addColumn('update_time', 'text')
    .execute();
  await db.schema.createIndex('report_definition_tenant').on('report_definition').columns(['tenant_id', 'id']).execute();

  await idColumn(db.schema.createTable('report_run'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('definition_id', 'integer', (col) => col.notNull())
    .addColumn('definition_name', 'text', (col) => col.notNull())
    // The time the run is for, ms since the epoch: the schedule's time, or when "run now" was asked.
    .addColumn('scheduled_for', 'bigint', (col) => col.notNull())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('period_first_day', 'text', (col) => col.notNull())
    .addColumn('period_last_day', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'bigint')
    // The addresses the run is (or was) sent to, a JSON list.
    .addColumn('recipients', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('report_run_tenant').on('report_run').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('report_run_claim').on('report_run').columns(['definition_id', 'scheduled_for']).unique().execute();
  await db.schema.createIndex('report_run_due').on('report_run').columns(['status', 'next_attempt_at']).execute();

  await idColumn(db.schema.createTable('report_file'), dialect)
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('run_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('content', dialect === 'postgres' ? sql`bytea` : sql`blob`, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('report_file_run').on('report_file').columns(['tenant_id', 'run_id']).execute();

  await db.schema
    .createTable('report_policy')
    .addColumn('tenant_id', 'integer', (col) => col.primaryKey().references('tenant.id'))
    .addColumn('allow_outside', 'integer', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.notNull())
    .addColumn('update_time', 'text', (col) => col.notNull())
    .execute();
}
