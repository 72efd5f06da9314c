import type { CallContext } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** Every record of an entity matching the filters, in the order asked (read a batch at a time). */
export async function allOf(
  call: CallContext,
  entity: string,
  filters: Filter[],
  sortField = 'id',
  sortOrder: 'asc' | 'desc' = 'asc',
): Promise<EntityRecord[]> {
  return call.services.repository.all(call.scope(), entity, { filters, sortField, sortOrder });
}

/** Today in China Standard Time (UTC+8, no daylight saving), where the demo's and the tenants' sites are. */
export function todayInChina(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The first and last day of a month given as `YYYY-MM`. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}
