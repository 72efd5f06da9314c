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
  const days = new Map<string, EntityRecord[]>();
  for (const sheet of sheets) {
    const day = String(sheet.planDate);
    days.set(day, [...(days.get(day) ?? []), sheet]);
  }
  return days;
}

/** `GET getMonthTaskStatus?month=`: per day that has worksheets, how many are in each state. */
export const siteopsMonthTaskStatus: Handler = async (call) =>
  [...byDay(await monthSheets(call))].map(([date, sheets]) => ({
    date,
    total: sheets.length,
    ...Object.fromEntries(STATES.map((state) => [state, sheets.filter((s) => s.status === state).length])),
  }));

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
