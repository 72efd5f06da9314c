import type { Generated } from 'kysely';

/** Tables the migrations create; entity tables are derived from `schemas/entities/`. */
export interface SystemTables {
  tenant: { id: number; name: string; createTime: string };
  appUser: {
    id: Generated<number>;
    username: string;
    name: string;
    passwordHash: string;
    /** 1 for administrators. */
    isAdmin: number;
    defaultTenantId: number;
    createTime: string;
  };
  userTenant: { userId: number; tenantId: number };
  oauthClient: { clientId: string; secretHash: string; name: string };
  authToken: {
    tokenHash: string;
    kind: 'client' | 'user' | 'ems';
    clientId: string;
    userId: number | null;
    tenantId: number | null;
    /** Milliseconds since the epoch. */
    expiresAt: number;
    createdAt: number;
  };
}

/** A row of an entity table, column names in camelCase. */
export type EntityRow = Record<string, unknown>;

/** The database as queries see it: system tables, typed, and entity tables by name. */
export type Tables = SystemTables & Record<string, EntityRow>;
