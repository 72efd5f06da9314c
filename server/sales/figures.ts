import type { TenantScope } from '../auth/context';
import type { EntityRepository, Filter } from '../resources/repository';

/** An amount in yuan to two decimals (sums of amounts carry floating-point noise). */
export function yuan(value: number): number {
  return Math.round(value * 100) / 100;
}

/** `part` as a percentage of `whole`, two decimals; 0 when the whole is 0 (nothing to be a share of). */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100;
}

/** The change from `before` to `now` in percent, two decimals; null when there was nothing before. */
export function change(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 10000) / 100;
}

/** Count and sum of `field` of the tenant's records of `entity` that refer to the order. */
export async function orderSum(
  repository: EntityRepository,
  scope: TenantScope,
  entity: string,
  orderId: number,
  field: string,
): Promise<{ count: number; sum: number }> {
  const [row] = await repository.aggregate(scope, entity, {
    filters: [{ field: 'orderId', op: 'eq', value: orderId }],
    sum: field,
  });
  return { count: row?.count ?? 0, sum: yuan(row?.sum ?? 0) };
}

/** Sum of `field` of the records referring to the order, by their state, restricted to the states named. */
export async function orderSumInStates(
  repository: EntityRepository,
  scope: TenantScope,
  entity: string,
  orderId: number,
  field: string,
  states: string[],
): Promise<number> {
  const filters: Filter[] = [{ field: 'orderId', op: 'eq', value: orderId }];
  const groups = await repository.aggregate(scope, entity, { filters, groupBy: 'status', sum: field });
  return yuan(groups.filter((group) => states.includes(String(group.key))).reduce((total, group) => total + (group.sum ?? 0), 0));
}
