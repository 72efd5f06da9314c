import type { Handler } from '../http/services';
import type { Filter } from '../resources/repository';
import { accessOf } from '../users/principal';
import { yuan } from './figures';

/** The leaderboard shows the top 10 clients by contract value (specification §9). */
export const RANKING_SIZE = 10;

/** `GET ranking/contractTop`: the clients with the largest sums of contract values, ties by customer id. */
export const getContractRanking: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const { current, size, sortOrder, signFrom, signTo } = call.query as {
    current: number;
    size: number;
    sortOrder?: 'asc' | 'desc';
    signFrom?: string;
    signTo?: string;
  };
  const filters: Filter[] = [
    ...(signFrom ? [{ field: 'signDate', op: 'gte' as const, value: signFrom }] : []),
    ...(signTo ? [{ field: 'signDate', op: 'lte' as const, value: signTo }] : []),
  ];
  const groups = await repository.aggregate(scope, 'salesOrder', { filters, groupBy: 'customerId', sum: 'contractAmount' });
  const top = groups
    .filter((group) => group.key !== null && group.key !== undefined)
    .map((group) => ({ customerId: Number(group.key), orderCount: group.count, contractAmount: yuan(group.sum ?? 0) }))
    .sort((a, b) => b.contractAmount - a.contractAmount || a.customerId - b.customerId)
    .slice(0, RANKING_SIZE);
  const names = new Map(
    (await Promise.all(top.map((row) => repository.get(scope, 'customer', row.customerId)))).map((customer) => [
      Number(customer.id),
      String(customer.name),
    ]),
  );
  const ranked = top.map((row, index) => ({ rank: index + 1, ...row, customerName: names.get(row.customerId) ?? '' }));
  if (sortOrder === 'asc') ranked.reverse();
  return { records: ranked.slice((current - 1) * size, current * size), total: ranked.length, current, size };
};

/** `GET ranking/checkPartake`: administrators and holders of the sales permission take part in the rankings. */
export const checkRankingPartake: Handler = async (call) => {
  const scope = call.scope();
  const { isAdmin, permissions } = await accessOf(call.services, scope.userId, scope.tenantId);
  return { partake: isAdmin || permissions.includes('sales') };
};
