import permissionEnum from '../../schemas/enums/permission.json';
import type { TenantId, UserId } from '../auth/context';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { Services } from '../http/services';
import { permissionsOf } from '../http/security';

/** Every per-user permission; administrators have them all. */
export const ALL_PERMISSIONS: string[] = permissionEnum.enum;

/** The tenants where a user's account is active, in id order. */
export async function activeTenants(services: Services, userId: UserId): Promise<{ id: number; name: string }[]> {
  // eslint-disable-next-line no-restricted-syntax -- a user's tenants are all of them, not the current one's
  return services.database.db
    .selectFrom('userTenant')
    .innerJoin('tenant', 'tenant.id', 'userTenant.tenantId')
    .innerJoin('employee', (join) =>
      join.onRef('employee.tenantId', '=', 'tenant.id').onRef('employee.userId', '=', 'userTenant.userId'),
    )
    .select(['tenant.id', 'tenant.name'])
    .where('userTenant.userId', '=', userId)
    .where((eb) => eb.or([eb('employee.accountActive', 'is', null), eb('employee.accountActive', '!=', 0)]))
    .orderBy('tenant.id')
    .execute();
}

/** What a user may do in a tenant: administrator or not, and the permissions. */
export async function accessOf(
  services: Services,
  userId: UserId,
  tenantId: TenantId,
): Promise<{ isAdmin: boolean; permissions: string[] }> {
  const employee = await tenantData(services.database, tenantId)
    .selectFrom('employee')
    .select('role')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  const isAdmin = employee?.role === 'admin';
  return { isAdmin, permissions: isAdmin ? ALL_PERMISSIONS : await permissionsOf(services, userId, tenantId) };
}

/** The signed-in user as `getPrincipal` answers them. */
export async function principal(services: Services, userId: UserId, tenantId: TenantId) {
  const db = tenantData(services.database, tenantId);
  const user = await db.selectFrom('appUser').selectAll().where('id', '=', userId).executeTakeFirst();
  const employee = await db
    .selectFrom('employee')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!user || !employee) throw new ApiError('unauthenticated');
  const record = await services.repository.get({ tenantId, userId, userName: user.name }, 'user', Number(employee.id));
  const tenants = await activeTenants(services, userId);
  const { isAdmin, permissions } = await accessOf(services, userId, tenantId);
  const personal = Object.fromEntries(
    ['name', 'gender', 'phone', 'email', 'birthday'].flatMap((field) =>
      record[field] === undefined ? [] : [[field, record[field]]],
    ),
  );
  return {
    userId,
    username: user.username,
    name: user.name,
    isAdmin,
    firstTenantId: user.defaultTenantId,
    tenantId,
    tenants: [...tenants.filter((t) => t.id === tenantId), ...tenants.filter((t) => t.id !== tenantId)],
    permissions,
    employee: personal,
  };
}
