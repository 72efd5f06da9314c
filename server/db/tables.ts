import type { Generated } from 'kysely';

/** Tables the migrations create; entity tables are derived from `schemas/entities/`. */
export interface SystemTables {
  tenant: { id: number; name: string; createTime: string };
  appUser: {
    id: Generated<number>;
    username: string;
    name: string;
    passwordHash: string;
    defaultTenantId: number;
    createTime: string;
  };
  userTenant: { userId: number; tenantId: number };
  oauthClient: { clientId: string; secretHash: string; name: string };
  authToken: {
    tokenHash: string;
    kind: 'client' | 'user' | 'ems' | 'refresh';
    clientId: string;
    userId: number | null;
    tenantId: number | null;
    /** Shared by the tokens of one sign-in. */
    sessionId: string | null;
    /** Milliseconds since the epoch. */
    expiresAt: number;
    createdAt: number;
  };

  userPermission: { userId: number; tenantId: number; permission: string };
  loginAttempt: { username: string; failures: number; firstFailureAt: number; lockedUntil: number | null };
  captcha: { captchaKey: string; codeHash: string; expiresAt: number };
  sysFile: {
    id: Generated<number>;
    tenantId: number;
    bucketName: string;
    fileName: string;
    originalFilename: string;
    contentType: string;
    size: number;
    /** The bytes, in the PostgreSQL deployment; on SQLite files live in DATA_DIR. */
    data: Buffer | null;
    createdBy: number;
    createTime: string;
  };
  /** The columns of the employee table (entity `user`) that sign-in reads. */
  employee: {
    id: Generated<number>;
    tenantId: number;
    userId: number;
    name: string;
    role: string | null;
    accountActive: number | null;
  };
}

/** A row of an entity table, column names in camelCase. */
export type EntityRow = Record<string, unknown>;

/** The database as queries see it: system tables, typed, and entity tables by name. */
export type Tables = SystemTables & Record<string, EntityRow>;
