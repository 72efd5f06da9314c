import type { Kysely } from 'kysely';

/** Per-user permissions, failed sign-ins and captchas. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_permission')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('permission', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_permission_pk', ['user_id', 'tenant_id', 'permission'])
    .execute();
  await db.schema
    .createTable('login_attempt')
    .addColumn('username', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('first_failure_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
  await db.schema
    .createTable('captcha')
    .addColumn('captcha_key', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}
