import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** The account and name that own an order handed to employee `employeeId`; refused for one who may no longer sign in. */
async function newOwner(call: CallContext, employeeId: number): Promise<{ ownerId: number; ownerName: string }> {
  const employee = await call.services.repository.get(call.scope(), 'user', employeeId);
  if (employee.isResigned === true || employee.accountActive === false || typeof employee.userId !== 'number') {
    throw new ApiError('salesOwnerInactive', { name: String(employee.name) });
  }
  return { ownerId: employee.userId, ownerName: String(employee.name) };
}

/** `POST orderinfo/orderTransfer`: the employee becomes the owner of the order. */
export const orderTransfer: Handler = async (call) => {
  const { id, userId } = call.body as { id: number; userId: number };
  const scope = call.scope();
  // The order is looked up before the employee, so that another tenant's order answers 404 whatever the employee.
  await call.services.repository.get(scope, 'salesOrder', id);
  const set = await newOwner(call, userId);
  return call.services.repository.patch(scope, 'salesOrder', id, {}, { set });
};

/** `POST orderinfo/orderTransferBatch`: the employee becomes the owner of every order, in one transaction (one missing order changes none). */
export const orderTransferBatch: Handler = async (call) => {
  const { ids, userId } = call.body as { ids: number[]; userId: number };
  const scope = call.scope();
  const { repository } = call.services;
  for (const id of ids) await repository.get(scope, 'salesOrder', id);
  const set = await newOwner(call, userId);
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const orders: EntityRecord[] = [];
    for (const id of ids) orders.push(await repository.patch(scope, 'salesOrder', id, {}, { db: trx, set }));
    return orders;
  });
};

const RELATED_MAX = 50;

/** `GET orderinfo/getRelatedOrders`: the customer's other orders, the most recently signed first. */
export const getRelatedOrders: Handler = async (call) => {
  const scope = call.scope();
  const id = Number(call.query.id);
  const order = await call.services.repository.get(scope, 'salesOrder', id);
  const { records } = await call.services.repository.list(scope, 'salesOrder', {
    filters: [{ field: 'customerId', op: 'eq', value: order.customerId }],
    sortField: 'signDate',
    sortOrder: 'desc',
    current: 1,
    size: RELATED_MAX + 1,
  });
  return records.filter((record) => record.id !== id).slice(0, RELATED_MAX);
};
