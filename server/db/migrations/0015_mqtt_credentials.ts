import type { Kysely } from 'kysely';

/**
 * The MQTT credentials of channels: a user name per channel (`channel-{id}`) and the hash of its
 * secret, in the form mosquitto's password file takes; the secret itself is shown once and never
 * kept. One row per channel: issuing new credentials replaces the old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mqtt_credential')
    .addColumn('channel_id', 'integer', (col) => col.primaryKey())
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('issue_time', 'text', (col) => col.notNull())
    .execute();
}
