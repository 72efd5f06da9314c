import type { Kysely } from 'kysely';

/**
 * Leases of the background jobs that run on one node at a time (the simulator, the retention
 * prune), by the job's name: the node holding it, until when, and when the job last ran. They
 * replace the simulator's lease of one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('expires', 'bigint', (col) => col.notNull())
    .addColumn('last_run', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('simulator_lease').execute();
}
