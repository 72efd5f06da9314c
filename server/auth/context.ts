declare const tenantBrand: unique symbol;
declare const userBrand: unique symbol;

/** Id of a tenant, only ever taken from a verified token. */
export type TenantId = number & { readonly [tenantBrand]: true };
/** Id of a user, only ever taken from a verified token or the user table. */
export type UserId = number & { readonly [userBrand]: true };

/** Who is calling, as established from the request's credentials. */
export interface AuthContext {
  kind: 'client' | 'user' | 'ems';
  clientId: string;
  user?: { id: UserId; name: string; isAdmin: boolean };
  tenantId?: TenantId;
}

/** A signed-in user acting in one tenant: what tenant data access requires. */
export interface TenantScope {
  tenantId: TenantId;
  userId: UserId;
  userName: string;
}
