import { sql, type Kysely } from 'kysely';

/**
 * Every saved version of each station's dashboard: its document, who saved it and when, the
 * saver's note and, for a restore, the version it brought back. The dashboards stored before get
 * their current version recorded, so that each one's history starts with what it is now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_kanban_version')
    .addColumn('tenant_id', 'integer', (col) => col.notNull())
    .addColumn('station_id', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('update_time', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('restored_from', 'integer')
    .addPrimaryKeyConstraint('site_kanban_version_pk', ['tenant_id', 'station_id', 'version'])
    .execute();
  await sql`insert into site_kanban_version (tenant_id, station_id, version, content, updated_by, update_time)
    select tenant_id, station_id, version, content, updated_by, update_time from site_kanban`.execute(db);
}
