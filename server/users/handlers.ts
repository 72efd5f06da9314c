import inquiryPeopleData from '../../schemas/constants/inquiryPeople.json';
import type { TenantId, UserId } from '../auth/context';
import { hashSecret, verifySecret } from '../auth/passwords';
import { isUniqueViolation } from '../db/errors';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allowedRoutes, menuOf } from './menu';
import { accessOf, activeTenants, ALL_PERMISSIONS, principal } from './principal';

const inquiryPeople: Record<string, unknown[]> = inquiryPeopleData.tenants;

function caller(call: CallContext) {
  const scope = call.scope();
  return { scope, userId: scope.userId, tenantId: scope.tenantId };
}

/** The employee record with `id` in the caller's tenant, and the account behind it. */
async function employeeOf(call: CallContext, id: number): Promise<{ record: EntityRecord; userId: UserId }> {
  const record = await call.services.repository.get(call.scope(), 'user', id);
  return { record, userId: Number(record.userId) as UserId };
}

/** `GET getPrincipal`. */
export const getPrincipal: Handler = (call) => {
  const { userId, tenantId } = caller(call);
  return principal(call.services, userId, tenantId);
};

/** `PUT updateInfoData`: one's own name, gender, telephone, e-mail and birthday. */
export const updateInfo: Handler = async (call) => {
  const { scope, userId, tenantId } = caller(call);
  const body = call.body as EntityRecord;
  const employeeId = call.auth.user?.employeeId ?? 0;
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    await call.services.repository.patch(scope, 'user', employeeId, body, { db: trx });
    await trx
      .updateTable('appUser')
      .set({ name: String(body.name) })
      .where('id', '=', userId)
      .execute();
  });
  return principal(call.services, userId, tenantId);
};

/** `POST|PUT changePassword`: checks the current password; every session of the user ends. */
export const changePassword: Handler = async (call) => {
  const { userId } = caller(call);
  const { oldPassword, newPassword } = call.body as { oldPassword: string; newPassword: string };
  const db = call.data();
  const user = await db.selectFrom('appUser').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifySecret(oldPassword, user.passwordHash))) throw new ApiError('wrongPassword');
  await db
    .updateTable('appUser')
    .set({ passwordHash: await hashSecret(newPassword) })
    .where('id', '=', userId)
    .execute();
  await call.services.tokens.revokeUser(userId);
  call.say('messages.passwordChanged');
  return true;
};

/** `PUT updateDefaultTenant`: to one of one's own tenants only; the token of the call moves there. */
export const switchTenant: Handler = async (call) => {
  const { userId } = caller(call);
  const target = Number(call.query.tenantId) as TenantId;
  if (!(await activeTenants(call.services, userId)).some((t) => t.id === target)) throw new ApiError('forbidden');
  await call.data().updateTable('appUser').set({ defaultTenantId: target }).where('id', '=', userId).execute();
  if (call.auth.sessionId) await call.services.tokens.moveToTenant(call.auth.sessionId, target);
  return principal(call.services, userId, target);
};

async function menuContext(call: CallContext) {
  const { userId, tenantId } = caller(call);
  return { tenantId, ...(await accessOf(call.services, userId, tenantId)) };
}

/** `GET userMenu`: names of every route the user may open. */
export const menuNames: Handler = async (call) =>
  allowedRoutes(call.services.contract.routes, await menuContext(call)).map((r) => r.name);

/** `GET getUserMenu`. */
export const menu: Handler = async (call) => menuOf(call.services.contract.routes, await menuContext(call));

/** `GET inquiryPeople`: the fixed list of the tenant, or none. */
export const getInquiryPeople: Handler = (call) => Promise.resolve(inquiryPeople[String(caller(call).tenantId)] ?? []);

/** `GET /admin/role/list`. */
export const roles: Handler = (call) =>
  Promise.resolve(['admin', 'staff'].map((code) => ({ code, name: call.t(`enums.userRole.${code}`) })));

/**
 * `POST user/save`: a new employee with a new account (the user name is taken once across all
 * tenants). A new user gets every permission; an administrator takes away what is not theirs.
 */
export const saveUser: Handler = async (call) => {
  const { scope, tenantId } = caller(call);
  const body = call.body as EntityRecord & { username: string; password?: string; name: string };
  if (!body.password) throw new ApiError('validation', { detail: `password: ${call.t('errors.passwordRequired')}` });
  const db = call.data();
  if (await db.selectFrom('appUser').select('id').where('username', '=', body.username).executeTakeFirst()) {
    throw new ApiError('duplicate', { field: 'username', owner: 'user' });
  }
  const passwordHash = await hashSecret(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('appUser')
        .values({
          username: body.username,
          name: body.name,
          passwordHash,
          defaultTenantId: tenantId,
          createTime: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('userTenant').values({ userId: account.id, tenantId }).execute();
      await trx
        .insertInto('userPermission')
        .values(ALL_PERMISSIONS.map((permission) => ({ userId: account.id, tenantId, permission })))
        .execute();
      return call.services.repository.create(
        scope,
        'user',
        { accountActive: true, role: 'staff', ...body },
        { db: trx, set: { userId: account.id } },
      );
    });
  } catch (error) {
    // Another call took the user name meanwhile: the account table's unique name refuses the second.
    if (isUniqueViolation(error)) throw new ApiError('duplicate', { field: 'username', owner: 'user' });
    throw error;
  }
};

/** `PUT user/updateById`: the employee record; turning the account off ends their sessions in the tenant. */
export const updateUser: Handler = async (call) => {
  const { scope, tenantId } = caller(call);
  const body = call.body as EntityRecord & { id?: number; name: string };
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  const { userId } = await employeeOf(call, body.id);
  const db = call.data();
  const record = await db.transaction().execute(async (trx) => {
    const updated = await call.services.repository.update(scope, 'user', Number(body.id), body, { db: trx });
    await trx.updateTable('appUser').set({ name: body.name }).where('id', '=', userId).execute();
    return updated;
  });
  if (record.accountActive === false) await call.services.tokens.revokeUser(userId, tenantId);
  return record;
};

/** `DELETE user/delUser/{id}`: the employee leaves the tenant; an account without tenants is deleted. */
export const deleteUser: Handler = async (call) => {
  const { scope, tenantId } = caller(call);
  const id = Number(call.params.id);
  const { userId } = await employeeOf(call, id);
  if (userId === scope.userId) throw new ApiError('selfDelete');
  // eslint-disable-next-line no-restricted-syntax -- whether the account goes depends on its other tenants
  const { db } = call.services.database;
  await db.transaction().execute(async (trx) => {
    await call.services.repository.delete(scope, 'user', id, { db: trx });
    await trx.deleteFrom('userPermission').where('userId', '=', userId).where('tenantId', '=', tenantId).execute();
    await trx.deleteFrom('userTenant').where('userId', '=', userId).where('tenantId', '=', tenantId).execute();
    const remaining = await trx
      .selectFrom('userTenant')
      .select('tenantId')
      .where('userId', '=', userId)
      .orderBy('tenantId')
      .execute();
    if (remaining[0]) {
      await trx
        .updateTable('appUser')
        .set({ defaultTenantId: remaining[0].tenantId })
        .where('id', '=', userId)
        .where('defaultTenantId', '=', tenantId)
        .execute();
    } else {
      await trx.deleteFrom('appUser').where('id', '=', userId).execute();
    }
  });
  await call.services.tokens.revokeUser(userId, tenantId);
  return true;
};

/** `PUT resetPassword`: an administrator gives a user of the tenant a new password; every session of the user ends. */
export const resetPassword: Handler = async (call) => {
  const { id, newPassword } = call.body as { id: number; newPassword: string };
  const { userId } = await employeeOf(call, id);
  const db = call.data();
  await db
    .updateTable('appUser')
    .set({ passwordHash: await hashSecret(newPassword) })
    .where('id', '=', userId)
    .execute();
  await call.services.tokens.revokeUser(userId);
  return true;
};

/** `GET user/permission`. */
export const getPermissions: Handler = async (call) => {
  const id = Number(call.query.id);
  const { userId } = await employeeOf(call, id);
  const { permissions } = await accessOf(call.services, userId, caller(call).tenantId);
  return { id, permissions };
};

/** `POST user/permission`: replaces the user's permissions in the tenant. */
export const savePermissions: Handler = async (call) => {
  const { id, permissions } = call.body as { id: number; permissions: string[] };
  const { userId } = await employeeOf(call, id);
  const { tenantId } = caller(call);
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('userPermission').where('userId', '=', userId).where('tenantId', '=', tenantId).execute();
    if (permissions.length) {
      await trx
        .insertInto('userPermission')
        .values(permissions.map((permission) => ({ userId, tenantId, permission })))
        .execute();
    }
  });
  return { id, permissions: [...permissions].sort() };
};

/** The named handlers of users, by their `x-handler` name. */
export const userHandlers: Record<string, Handler> = {
  principal: getPrincipal,
  updateInfo,
  changePassword,
  switchTenant,
  menuNames,
  menu,
  inquiryPeople: getInquiryPeople,
  roles,
  saveUser,
  updateUser,
  deleteUser,
  resetPassword,
  getPermissions,
  savePermissions,
};
