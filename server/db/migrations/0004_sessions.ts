import type { Kysely } from 'kysely';

/** Tokens of one sign-in (user, refresh, EMS) share a session id, so that a tenant switch moves them together. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_token').addColumn('session_id', 'text').execute();
  await db.schema.createIndex('auth_token_session').on('auth_token').columns(['session_id']).execute();
}
