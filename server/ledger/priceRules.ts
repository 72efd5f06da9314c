import type { Services } from '../http/services';
import { ApiError } from '../errors';
import type { EntityRecord, WriteRule } from '../resources/repository';
import { zoneOf } from '../telemetry/lookup';
import { coverageFaults, type PeriodHours } from '../telemetry/tariff';
import { ledgerStation } from './book';
import { repriceFrom } from './reprice';
import { listStart, type PriceList } from './tariffs';

const refuse = (path: string, message: string): never => {
  throw new ApiError('validation', { detail: `${path}: ${message}` }, [{ path, message }]);
};

/** The problems of a price list the schema cannot state: its first day, its periods' hours, a start another list has. */
function check(record: EntityRecord, others: EntityRecord[]): void {
  const month = String(record.effectiveMonth);
  const day = Number(record.startDay ?? 1);
  const first = `${month}-${String(day).padStart(2, '0')}`;
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  if (day > days) refuse('startDay', `${month} has no day ${day}`);
  const periods = (record.periods ?? []) as PeriodHours[];
  if (periods.length) {
    for (const [i, p] of periods.entries())
      if (p.endTime !== '24:00' && p.endTime <= p.startTime) refuse(`periods.${i}.endTime`, 'must be after startTime');
    const { uncovered, twice } = coverageFaults(periods);
    if (uncovered.length) refuse('periods', `hours no period covers (month/hour): ${uncovered.slice(0, 6).join(', ')}`);
    if (twice.length) refuse('periods', `hours two periods cover (month/hour): ${twice.slice(0, 6).join(', ')}`);
  }
  const same = others.find((o) => o.id !== record.id && String(o.effectiveMonth) === month && Number(o.startDay ?? 1) === day);
  if (same) refuse('effectiveMonth', `the station already has a price list from ${first} (id ${String(same.id)})`);
}

/**
 * What follows a write of a price list, in its transaction: it is refused (400 naming the field,
 * nothing written) when it starts on a day another list of the station starts, names a day its
 * month lacks, or has periods that leave an hour uncovered or cover it twice; else the station's
 * stored ledger intervals from the earlier of its old and new start on are repriced, and the
 * recomputation recorded. (A deleted list is noticed by the ledger when it next reads the span.)
 */
export function priceListRule(services: Services): WriteRule {
  return async ({ db, scope, record, before }) => {
    const ctx = { db, dialect: services.database.dialect, repository: services.repository, scope };
    const stationIds = [...new Set([Number(record.stationId), ...(before ? [Number(before.stationId)] : [])])];
    for (const stationId of stationIds) {
      const station = await services.repository.get(scope, 'station', stationId, db);
      const zone = zoneOf(station);
      if (stationId === Number(record.stationId)) {
        const others = await services.repository.all(
          scope,
          'electricityPrice',
          { filters: [{ field: 'stationId', op: 'eq', value: stationId }], sortField: 'id', sortOrder: 'asc' },
          db,
        );
        check(record, others);
      }
      const starts = [record, ...(before ? [before] : [])].map((list) => listStart(list as unknown as PriceList, zone));
      await repriceFrom(ctx, ledgerStation(station, []), Math.min(...starts), {
        cause: before ? 'price list edited' : 'price list added',
        listId: Number(record.id),
      });
    }
  };
}
