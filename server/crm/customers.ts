import type { TenantScope } from '../auth/context';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { Db, EntityRecord } from '../resources/repository';

/** The account and name behind an employee record of the caller's tenant (404 when the tenant has no such employee). */
async function accountOf(call: CallContext, employeeId: number, db?: Db): Promise<{ userId: number; name: string }> {
  const employee = await call.services.repository.get(call.scope(), 'user', employeeId, db);
  return { userId: Number(employee.userId), name: String(employee.name) };
}

/** Only the owner of a customer, or an administrator of the tenant, hands it over. */
function checkMayTransfer(call: CallContext, customer: EntityRecord): void {
  if (call.auth.user?.isAdmin) return;
  if (customer.ownerId !== undefined && Number(customer.ownerId) === Number(call.scope().userId)) return;
  throw new ApiError('forbidden', { message: 'errors.notCustomerOwner' });
}

/** Makes the employee the owner of each customer, in one transaction: all of them or none. */
async function transfer(call: CallContext, ids: number[], employeeId: number): Promise<EntityRecord[]> {
  const scope = call.scope();
  const { repository } = call.services;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const owner = await accountOf(call, employeeId, trx);
    const moved: EntityRecord[] = [];
    for (const id of new Set(ids)) {
      checkMayTransfer(call, await repository.get(scope, 'customer', id, trx));
      moved.push(
        await repository.patch(scope, 'customer', id, {}, { db: trx, set: { ownerId: owner.userId, ownerName: owner.name } }),
      );
    }
    return moved;
  });
}

/** `POST customer/customerTrans`. */
export const customerTrans: Handler = async (call) => {
  const { id, userId } = call.body as { id: number; userId: number };
  const [moved] = await transfer(call, [id], userId);
  return moved;
};

/** `POST customer/customerTransBatch`. */
export const customerTransBatch: Handler = (call) => {
  const { ids, userId } = call.body as { ids: number[]; userId: number };
  return transfer(call, ids, userId);
};

/** `GET customer/youyouCustomerList`: the pool, customers nobody owns. */
export const customerPool: Handler = async (call) => {
  const { current, size, name, sortOrder } = call.query as {
    current: number;
    size: number;
    name?: string;
    sortOrder?: 'asc' | 'desc';
  };
  const scope = call.scope();
  const db = call.data();
  const table = call.services.repository.model('customer').table;
  let query = db.selectFrom(table).where('tenantId', '=', scope.tenantId).where('ownerId', 'is', null);
  if (name) query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${escapeLike(name.toLowerCase())}%`));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const rows = await query
    .select('id')
    .orderBy('createTime', sortOrder ?? 'desc')
    .orderBy('id', sortOrder ?? 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const records: EntityRecord[] = [];
  for (const row of rows) records.push(await call.services.repository.get(scope, 'customer', Number(row.id)));
  return { records, total: Number(counted?.count ?? 0), current, size };
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `POST customer/intoCustomer`: the caller becomes the owner of a customer of the pool. Taking is
 * one conditional write, so of two colleagues taking the same customer at once one gets 409.
 */
export const intoCustomer: Handler = async (call) => {
  const { id } = call.body as { id: number };
  const scope = call.scope();
  const { repository } = call.services;
  await repository.get(scope, 'customer', id);
  const db = call.data();
  const result = await db
    .updateTable(repository.model('customer').table)
    .set({ ownerId: scope.userId, ownerName: scope.userName, updateTime: new Date().toISOString() })
    .where('tenantId', '=', scope.tenantId)
    .where('id', '=', id)
    .where('ownerId', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ApiError('conflict', { message: 'errors.customerTaken' });
  return repository.get(scope, 'customer', id);
};

/** All the shares of a customer, oldest first. */
async function sharesOf(call: CallContext, scope: TenantScope, customerId: number): Promise<EntityRecord[]> {
  const page = await call.services.repository.list(scope, 'customerOwner', {
    filters: [{ field: 'customerId', op: 'eq', value: customerId }],
    sortField: 'createTime',
    sortOrder: 'asc',
    current: 1,
    size: 1000,
  });
  return page.records;
}

/** `POST customer/customerShare`: shares a customer with colleagues it is not shared with yet; all of them or none. */
export const customerShare: Handler = async (call) => {
  const { customerId, userIds, role } = call.body as { customerId: number; userIds: number[]; role?: string };
  const scope = call.scope();
  const { repository } = call.services;
  await repository.get(scope, 'customer', customerId);
  const already = new Set((await sharesOf(call, scope, customerId)).map((share) => Number(share.userId)));
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    for (const userId of new Set(userIds)) {
      if (already.has(userId)) continue;
      await repository.create(scope, 'customerOwner', { customerId, userId, role: role ?? 'collaborator' }, { db: trx });
    }
  });
  return sharesOf(call, scope, customerId);
};

/** `POST customer/youyouCustomerInfo`: the registry's entry of a tax number, and the tenant's customer with it. */
export const companyLookup: Handler = async (call) => {
  const taxNumber = (call.body as { taxNumber: string }).taxNumber.toUpperCase();
  const scope = call.scope();
  const { repository } = call.services;
  const db = call.data();
  const entry = await db
    .selectFrom(repository.model('crmCompanyRegistry').table)
    .select('id')
    .where('tenantId', '=', scope.tenantId)
    .where('taxNumber', '=', taxNumber)
    .executeTakeFirst();
  const registered = entry ? await repository.get(scope, 'crmCompanyRegistry', Number(entry.id)) : undefined;
  const customer = await db
    .selectFrom(repository.model('customer').table)
    .select(['id', 'ownerName'])
    .where('tenantId', '=', scope.tenantId)
    .where((eb) => eb(eb.fn('upper', ['taxNumber']), '=', taxNumber))
    .orderBy('id')
    .executeTakeFirst();
  const field = (name: string) => (registered?.[name] as string | undefined) ?? null;
  return {
    taxNumber,
    found: registered !== undefined,
    name: field('name'),
    legalPerson: field('legalPerson'),
    registeredCapital: field('registeredCapital'),
    establishDate: field('establishDate'),
    registryStatus: field('registryStatus'),
    city: field('city'),
    address: field('address'),
    businessScope: field('businessScope'),
    customerId: customer ? Number(customer.id) : null,
    ownerName: customer?.ownerName === null || customer?.ownerName === undefined ? null : String(customer.ownerName),
  };
};

export const customerHandlers: Record<string, Handler> = {
  crmCustomerPool: customerPool,
  crmIntoCustomer: intoCustomer,
  crmCustomerTrans: customerTrans,
  crmCustomerTransBatch: customerTransBatch,
  crmCustomerShare: customerShare,
  crmCompanyLookup: companyLookup,
};
