import { sql } from 'kysely';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { Db, Filter } from '../resources/repository';

const tableOf = (call: CallContext, entity: string) => call.services.repository.model(entity).table;

/** The caller's points account in the tenant (their employee record's), if they have one. */
async function accountOf(call: CallContext, db: Db): Promise<{ id: number; points: number } | undefined> {
  const row = await db
    .selectFrom(tableOf(call, 'crmPointsAccount'))
    .select(['id', 'points'])
    .where('tenantId', '=', call.scope().tenantId)
    .where('userId', '=', call.auth.user?.employeeId ?? 0)
    .executeTakeFirst();
  return row ? { id: Number(row.id), points: Number(row.points ?? 0) } : undefined;
}

/**
 * `POST mallgoods/exchange`: takes the pieces from the stock and their price from the caller's
 * points in one transaction. Each is one conditional write, so two exchanges at once can never
 * take the last piece twice or spend the same points twice; when either is short, neither changes.
 */
export const productExchange: Handler = async (call) => {
  const { goodId, quantity = 1 } = call.body as { goodId: number; quantity?: number };
  const scope = call.scope();
  const { repository } = call.services;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const good = await repository.get(scope, 'mallGood', goodId, trx);
    if (good.enabled === false) throw new ApiError('conflict', { message: 'errors.goodNotOnSale' });
    const cost = Number(good.pointsPrice) * quantity;
    const stock = await trx
      .updateTable(tableOf(call, 'mallGood'))
      .set({ stock: sql`stock - ${quantity}`, updateTime: new Date().toISOString() })
      .where('tenantId', '=', scope.tenantId)
      .where('id', '=', goodId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    if (Number(stock.numUpdatedRows) === 0) throw new ApiError('stockShort');
    const account = await accountOf(call, trx);
    const paid = account
      ? await trx
          .updateTable(tableOf(call, 'crmPointsAccount'))
          .set({ points: sql`points - ${cost}`, updateTime: new Date().toISOString() })
          .where('tenantId', '=', scope.tenantId)
          .where('id', '=', account.id)
          .where('points', '>=', cost)
          .executeTakeFirst()
      : undefined;
    if (!paid || Number(paid.numUpdatedRows) === 0) throw new ApiError('pointsShort');
    const exchange = await repository.create(scope, 'pointsExchange', { goodId, quantity, points: cost }, { db: trx });
    const left = await repository.get(scope, 'mallGood', goodId, trx);
    return { exchange, stock: Number(left.stock), points: (await accountOf(call, trx))?.points ?? 0 };
  });
};

/** `GET mallgoods/myPoints`. */
export const myPoints: Handler = async (call) => ({ points: (await accountOf(call, call.data()))?.points ?? 0 });

/** `GET mallgoods/exchangeRecords`: an administrator sees the tenant's exchanges, anyone else their own. */
export const exchangeRecords: Handler = async (call) => {
  const { current, size, sortOrder, goodId } = call.query as {
    current: number;
    size: number;
    sortOrder?: 'asc' | 'desc';
    goodId?: number;
  };
  const scope = call.scope();
  const filters: Filter[] = goodId ? [{ field: 'goodId', op: 'eq', value: goodId }] : [];
  const page = await call.services.repository.list(scope, 'pointsExchange', {
    filters,
    ...(call.auth.user?.isAdmin ? {} : { ownedBy: scope.userId }),
    sortField: 'createTime',
    sortOrder: sortOrder ?? 'desc',
    current,
    size,
  });
  return { ...page, current, size };
};

export const mallHandlers: Record<string, Handler> = {
  crmProductExchange: productExchange,
  crmMyPoints: myPoints,
  crmExchangeRecords: exchangeRecords,
};
