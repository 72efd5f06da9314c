import type { Kysely } from 'kysely';

/**
 * Remote-control commands carried out by collectors: a command the device refused, or that no
 * reading showed within its time, ends `failed`, with the reason an operator reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('yk_command').addColumn('reason', 'text').execute();
}
