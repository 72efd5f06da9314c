import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';
import { allOf, monthBounds, todayInChina } from './common';

const STATES = ['toDo', 'inProgress', 'done', 'revoked'] as const;

/** The worksheets of a month (optionally of one station), by planned day. */
async function monthSheets(call: CallContext): Promise<EntityRecord[]> {
  const { first, last } = monthBounds(String(call.query.month));
  const filters: Filter[] = [
    { field: 'planDate', op: 'gte', value: first },
    { field: 'planDate', op: 'lte', value: last },
  ];
  if (call.query.stationId !== undefined) filters.push({ field: 'stationId', op: 'eq', value: call.query.stationId });
  return allOf(call, 'worksheet', filters, 'planDate', 'asc');
}

function byDay(sheets: EntityRecord[]): Map<string, EntityRecord[]> {
  return groupBy(sheets, (sheet) => String(sheet.planDate));
}

/** Worksheets grouped by a key of each, in the order of the first of each group. */
function groupBy(sheets: EntityRecord[], keyOf: (sheet: EntityRecord) => string): Map<string, EntityRecord[]> {
  const groups = new Map<string, EntityRecord[]>();
  for (const sheet of sheets) {
    const key = keyOf(sheet);
    const group = groups.get(key);
    if (group) group.push(sheet);
    else groups.set(key, [sheet]);
  }
  return groups;
}

/** How many worksheets there are, and in each state. */
function counts(sheets: EntityRecord[]): Record<'total' | (typeof STATES)[number], number> {
  return {
    total: sheets.length,
    ...(Object.fromEntries(STATES.map((state) => [state, sheets.filter((s) => s.status === state).length])) as Record<
      (typeof STATES)[number],
      number
    >),
  };
}

/** `GET getMonthTaskStatus?month=`: per day that has worksheets, how many are in each state. */
export const siteopsMonthTaskStatus: Handler = async (call) =>
  [...byDay(await monthSheets(call))].map(([date, sheets]) => ({ date, ...counts(sheets) }));

/** The first and last day of a period given as a month (`YYYY-MM`) or a year (`YYYY`). */
function periodBounds(period: string): { first: string; last: string } {
  if (period.length === 4) return { first: `${period}-01-01`, last: `${period}-12-31` };
  return monthBounds(period);
}

/**
 * `GET /ems/api/main/worksheet/statusCount?stationSn=&period=`: for each day of a month (or month
 * of a year) that has worksheets of the station, how many are in each state. The station is found
 * among the tenant's worksheets by the serial number they carry, so another tenant's answers none.
 */
export const siteopsStationTaskStatus: Handler = async (call) => {
  const period = String(call.query.period);
  const { first, last } = periodBounds(period);
  const sheets = await allOf(
    call,
    'worksheet',
    [
      { field: 'stationSn', op: 'eq', value: call.query.stationSn },
      { field: 'planDate', op: 'gte', value: first },
      { field: 'planDate', op: 'lte', value: last },
    ],
    'planDate',
    'asc',
  );
  // A month is counted per day (the whole date), a year per month (its first seven characters).
  const keyOf = (sheet: EntityRecord) => String(sheet.planDate).slice(0, period.length === 4 ? 7 : 10);
  return [...groupBy(sheets, keyOf)].map(([key, group]) => ({ key, ...counts(group) }));
};

/** `GET getMonthArrange?month=`: the worksheets of each day of the month, revoked ones left out. */
export const siteopsMonthArrange: Handler = async (call) =>
  [...byDay((await monthSheets(call)).filter((s) => s.status !== 'revoked'))].map(([date, worksheets]) => ({ date, worksheets }));

/** `GET getTodayArrange`: today's worksheets (optionally of one station, or the caller's own), revoked ones left out. */
export const siteopsTodayArrange: Handler = async (call) => {
  const filters: Filter[] = [{ field: 'planDate', op: 'eq', value: todayInChina() }];
  if (call.query.stationId !== undefined) filters.push({ field: 'stationId', op: 'eq', value: call.query.stationId });
  if (call.query.mine === true) filters.push({ field: 'assigneeId', op: 'eq', value: call.auth.user?.employeeId ?? 0 });
  return (await allOf(call, 'worksheet', filters, 'id', 'asc')).filter((s) => s.status !== 'revoked');
};
