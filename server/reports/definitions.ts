import { sql } from 'kysely';
import type { TenantScope } from '../auth/context';
import type { Db, EntityRecord, EntityRepository, WriteRule } from '../resources/repository';
import { ApiError } from '../errors';
import { zoneOf } from '../telemetry/lookup';
import { nextRun, type Schedule } from './schedule';

/** Recipients a report may have in all, employees and outside addresses together. */
export const MAX_RECIPIENTS = 50;
/** The zone of a report with none and no station to take one from. */
const FALLBACK_ZONE = 'Asia/Shanghai';

const refuse = (field: string, message: string, params: Record<string, string> = {}) =>
  new ApiError('validation', { message: `reports.errors.${message}`, owner: 'reportDefinition', field, ...params });

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The schedule of a definition. */
export function scheduleOf(record: EntityRecord): Schedule {
  return {
    frequency: record.frequency as Schedule['frequency'],
    timeOfDay: String(record.timeOfDay ?? ''),
    weekday: typeof record.weekday === 'number' ? record.weekday : undefined,
    dayOfMonth: typeof record.dayOfMonth === 'number' ? record.dayOfMonth : undefined,
  };
}

/** Whether an administrator allowed the tenant's reports to go outside the tenant. */
export async function outsideAllowed(db: Db, tenantId: number): Promise<boolean> {
  const row = await db.selectFrom('reportPolicy').select('allowOutside').where('tenantId', '=', tenantId).executeTakeFirst();
  return Number(row?.allowOutside ?? 0) === 1;
}

/** The stations a definition covers, in its order (the fleet: every station of the tenant); stations deleted since are left out. */
export async function stationsOf(
  repository: EntityRepository,
  scope: TenantScope,
  record: EntityRecord,
  db?: Db,
): Promise<EntityRecord[]> {
  if (record.kind === 'fleetMonthly' && db) {
    // Inside a write's transaction the stations are read through it: the repository's list reads
    // through the database handle, which on SQLite waits for this very transaction to end.
    const found = await sql<{ id: number }>`select id from station where tenant_id = ${scope.tenantId} order by id`.execute(db);
    const stations: EntityRecord[] = [];
    for (const { id } of found.rows) stations.push(await repository.get(scope, 'station', Number(id), db));
    return stations;
  }
  if (record.kind === 'fleetMonthly') {
    const page = await repository.list(scope, 'station', {
      filters: [],
      sortField: 'id',
      sortOrder: 'asc',
      current: 1,
      size: 10_000,
    });
    return page.records;
  }
  const stations: EntityRecord[] = [];
  for (const id of ids(record.stationIds)) {
    const station = await repository.get(scope, 'station', id, db).catch(() => undefined);
    if (station) stations.push(station);
  }
  return stations;
}

/** The zone of a definition: its own, else its first station's. */
export function zoneOfDefinition(record: EntityRecord, stations: EntityRecord[]): string {
  if (typeof record.zone === 'string' && record.zone) return record.zone;
  return stations[0] ? zoneOf(stations[0]) : FALLBACK_ZONE;
}

/** The e-mail addresses of employees of the tenant, by their record id; an id that is none of them is absent. */
export async function employeeAddresses(
  repository: EntityRepository,
  scope: TenantScope,
  employeeIds: number[],
  db?: Db,
): Promise<Map<number, string | undefined>> {
  const found = new Map<number, string | undefined>();
  for (const id of employeeIds) {
    const employee = await repository.get(scope, 'user', id, db).catch(() => undefined);
    if (employee) found.set(id, typeof employee.email === 'string' && employee.email ? employee.email : undefined);
  }
  return found;
}

/**
 * What a report definition must be beyond its schema, checked in the write's transaction (a
 * refusal undoes it, so nothing is stored): its stations are the tenant's (one at least, but for
 * the fleet report); its recipients are employees of the tenant with an e-mail address; outside
 * addresses only where an administrator allowed them; at most 50 recipients in all; a weekly
 * schedule has its weekday and a monthly one its day; and the schedule fires before `activeUntil`.
 */
export function checkDefinition(repository: EntityRepository): WriteRule {
  return async ({ db, scope, record }) => {
    const stationIds = ids(record.stationIds);
    if (record.kind !== 'fleetMonthly') {
      if (stationIds.length === 0) throw refuse('stationIds', 'stationsRequired');
      for (const id of stationIds) {
        const station = await repository.get(scope, 'station', id, db).catch(() => undefined);
        if (!station) throw refuse('stationIds', 'stationUnknown', { ids: String(id) });
      }
    }
    const recipients = ids(record.recipients);
    const outside = texts(record.outsideRecipients);
    if (recipients.length + outside.length > MAX_RECIPIENTS) throw refuse('recipients', 'tooManyRecipients');
    const addresses = await employeeAddresses(repository, scope, recipients, db);
    const unknown = recipients.filter((id) => !addresses.has(id));
    if (unknown.length) throw refuse('recipients', 'recipientUnknown', { ids: unknown.join(', ') });
    const noMail = recipients.filter((id) => addresses.has(id) && !addresses.get(id));
    if (noMail.length) throw refuse('recipients', 'recipientNoMail', { ids: noMail.join(', ') });
    if (outside.length && !(await outsideAllowed(db, scope.tenantId))) throw refuse('outsideRecipients', 'outsideNotAllowed');

    const schedule = scheduleOf(record);
    if (schedule.frequency === 'weekly' && schedule.weekday === undefined) throw refuse('weekday', 'weekdayRequired');
    if (schedule.frequency === 'monthly' && schedule.dayOfMonth === undefined) throw refuse('dayOfMonth', 'dayRequired');
    const stations = await stationsOf(repository, scope, record, db);
    const zone = zoneOfDefinition(record, stations);
    const next = nextRun(schedule, zone, Date.now());
    const until = typeof record.activeUntil === 'string' ? record.activeUntil : undefined;
    // The next time is after the last day (`activeUntil`, in the zone): the report would never be made.
    if (next === undefined || (until && localDay(next, zone) > until))
      throw refuse(until ? 'activeUntil' : 'timeOfDay', 'neverFires');
  };
}

/** The local date of an instant in a zone. */
export function localDay(ts: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
}
