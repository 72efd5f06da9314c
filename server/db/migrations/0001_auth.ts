import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migrationContext';

/** Tenants, users, OAuth clients and tokens. */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tenant')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('create_time', 'text', (col) => col.notNull())
    .execute();
  await idColumn(db.schema.createTable('app_user'), dialect)
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('default_tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addColumn('create_time', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('user_tenant')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (col) => col.notNull().references('tenant.id'))
    .addPrimaryKeyConstraint('user_tenant_pk', ['user_id', 'tenant_id'])
    .execute();
  await db.schema
    .createTable('oauth_client')
    .addColumn('client_id', 'text', (col) => col.primaryKey())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('auth_token')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('app_user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (col) => col.references('tenant.id'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_token_user').on('auth_token').columns(['user_id']).execute();
}
