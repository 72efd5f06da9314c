import type { Services } from '../http/services';
import { ApiError } from '../errors';
import type { TenantScope } from '../auth/context';
import type { DeleteRule, EntityRecord, WriteRule } from '../resources/repository';
import { coverageFaults, type PeriodHours } from '../telemetry/tariff';
import { ledgerStation, priceRecordsOf, type LedgerScope } from './book';
import { recordPriceChange } from './priceChange';
import { listStart, tariffsFrom } from './tariffs';

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

/** The records that price a station's ledger: dated price lists and time-of-use prices. */
type PriceEntity = 'electricityPrice' | 'stationCharge';

/**
 * Records what a change of one price record of a station changed in its ledger (`recordPriceChange`).
 * A price list written to the station (`checked`) is first checked against the station's other lists.
 */
async function recordChange(
  services: Services,
  { db, scope }: { db: LedgerScope['db']; scope: TenantScope },
  stationId: number,
  change: { entity: PriceEntity; id: number; before?: EntityRecord | undefined; checked?: EntityRecord | undefined },
  cause: Record<string, unknown>,
): Promise<void> {
  const ctx: LedgerScope = { db, dialect: services.database.dialect, repository: services.repository, scope };
  const current = await priceRecordsOf(ctx, stationId);
  if (change.checked) check(change.checked, current.lists);
  const station = ledgerStation(await services.repository.get(scope, 'station', stationId, db), []);
  // The records as they were: the one changed as it was on this station, or not there.
  const was = (records: EntityRecord[], entity: PriceEntity) =>
    entity !== change.entity
      ? records
      : [
          ...records.filter((r) => Number(r.id) !== change.id),
          ...(change.before && Number(change.before.stationId) === stationId ? [change.before] : []),
        ];
  const tariffs = {
    before: tariffsFrom(was(current.lists, 'electricityPrice'), was(current.charges, 'stationCharge')),
    after: tariffsFrom(current.lists, current.charges),
  };
  // A dated list changes the prices from its start (the earlier of its old and new one); time-of-use
  // prices, wherever no list has its own hours, so the whole stored ledger.
  const from =
    change.entity === 'electricityPrice'
      ? Math.min(
          ...[...tariffs.before.lists, ...tariffs.after.lists]
            .filter((list) => Number(list.id) === change.id)
            .map((list) => listStart(list, station.zone)),
        )
      : 0;
  await recordPriceChange(ctx, station, tariffs, from, cause);
}

/** Why the ledger changed, as its record says it: a price list added, edited or deleted, or time-of-use prices written. */
const causeOf = (entity: PriceEntity, id: unknown, how: 'added' | 'edited' | 'deleted') =>
  entity === 'electricityPrice'
    ? { cause: `price list ${how}`, listId: Number(id) }
    : { cause: 'the prices in force changed', chargeId: Number(id) };

/**
 * What follows a write or a delete of a price record (a dated price list, `electricityPrice`, or
 * time-of-use prices, `stationCharge`), in its transaction: a price list written is refused (400
 * naming the field, nothing written) when it starts on a day another list of the station starts,
 * names a day its month lacks, or has periods that leave an hour uncovered or cover it twice; else
 * what the change did to the ledger of its station, and of the station it was moved from, is recorded.
 */
export function priceRecordRules(services: Services, entity: PriceEntity): { written: WriteRule; deleted: DeleteRule } {
  return {
    written: async ({ db, scope, record, before }) => {
      const stations = new Set([Number(record.stationId), ...(before ? [Number(before.stationId)] : [])]);
      for (const stationId of stations)
        await recordChange(
          services,
          { db, scope },
          stationId,
          {
            entity,
            id: Number(record.id),
            before,
            checked: entity === 'electricityPrice' && stationId === Number(record.stationId) ? record : undefined,
          },
          causeOf(entity, record.id, before ? 'edited' : 'added'),
        );
    },
    deleted: ({ db, scope, before }) =>
      recordChange(
        services,
        { db, scope },
        Number(before.stationId),
        { entity, id: Number(before.id), before },
        causeOf(entity, before.id, 'deleted'),
      ),
  };
}
