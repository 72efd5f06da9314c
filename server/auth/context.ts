declare const tenantBrand: unique symbol;
declare const userBrand: unique symbol;

/** Id of a tenant, only ever taken from a verified token. */
export type TenantId = number & { readonly [tenantBrand]: true };
/** Id of a user account, only ever taken from a verified token or the user table. */
export type UserId = number & { readonly [userBrand]: true };

/** The signed-in user as far as the current tenant knows them. */
export interface CallerUser {
  id: UserId;
  name: string;
  /** Administrator of the token's tenant. */
  isAdmin: boolean;
  /** The employee record of the user in the token's tenant. */
  employeeId: number;
}

/** Who is calling, as established from the request's credentials. */
export interface AuthContext {
  kind: 'client' | 'user' | 'ems';
  clientId: string;
  /** The sign-in the token belongs to, to move it to another tenant. */
  sessionId?: string;
  user?: CallerUser;
  tenantId?: TenantId;
}

/** A signed-in user acting in one tenant: what tenant data access requires. */
export interface TenantScope {
  tenantId: TenantId;
  userId: UserId;
  userName: string;
}
