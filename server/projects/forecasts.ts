import type { ProjEarnedValue, ProjForecasts } from '../../generated/types';
import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { dayAsked, dayOf, getEarnedValueStatistics } from './earnedValue';
import { allOf, yuan } from './records';

/** A project of the forecasts: one open sales order's figures and forecasts. */
export type ProjectForecast = ProjForecasts['projects'][number];
/** How a project's forecasts read. */
export type ForecastStatus = ProjectForecast['status'];

/** Site states with work still to do: an order with one of them is an open project. */
const OPEN_STATES = new Set(['notStarted', 'executing']);
/** Below this CPI a project is at risk: it spends more than 5 % over what it earns. */
export const CPI_AT_RISK = 0.95;
/** More days late than this, and a project is late (less, and it is at risk). */
export const LATE_AFTER_DAYS = 14;
const DAY_MS = 86_400_000;

/** What a project's forecasts are made from: its earned value on a day and its plan. */
export interface ForecastInput {
  bac: number;
  pv: number;
  ev: number;
  ac: number;
  /** The day the figures are taken on. */
  day: string;
  /** The first planned start of its sites, and the last planned finish (undefined without a plan). */
  firstPlannedDay: string | undefined;
  plannedFinish: string | undefined;
}

/** The forecasts of a project, yuan and days. */
export type Forecast = Pick<
  ProjectForecast,
  | 'estimateAtCompletion'
  | 'estimateToComplete'
  | 'varianceAtCompletion'
  | 'tcpi'
  | 'plannedFinish'
  | 'forecastFinish'
  | 'daysLate'
  | 'status'
>;

const index = (value: number) => Math.round(value * 10_000) / 10_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The standard earned-value forecasts of a project on a day. EAC = BAC / CPI (CPI = EV / AC, unrounded);
 * while the CPI is not measurable or 0 (nothing spent, or nothing earned yet), EAC = AC + (BAC − EV): the
 * work left at its budget. ETC = EAC − AC, VAC = BAC − EAC, TCPI = (BAC − EV) / (BAC − AC) (none once
 * the budget is spent). The forecast finish is the first planned day plus the planned duration (days
 * from the first planned start to the last planned finish, both counted) divided by the SPI (EV / PV),
 * rounded to whole days; never before the day asked while work is left; the planned finish while
 * nothing was planned yet (no SPI); none while planned work has earned nothing (SPI 0) or there is no
 * plan. Late: more than 14 days late, or the planned finish passed with work left; at risk: 1 to 14
 * days late, planned work with nothing earned, CPI under 0.95, or the budget spent with work left; else on track.
 */
export function forecastOf(input: ForecastInput): Forecast {
  const { bac, pv, ev, ac, day, firstPlannedDay: start, plannedFinish: finish } = input;
  const cpi = ac > 0 ? ev / ac : null;
  const spi = pv > 0 ? ev / pv : null;
  const eac = cpi !== null && cpi > 0 ? bac / cpi : ac + (bac - ev);
  const workLeft = ev < bac;
  let forecastFinish: string | null = null;
  if (start !== undefined && finish !== undefined) {
    if (spi === null) forecastFinish = finish;
    else if (spi > 0) {
      const planned = daysBetween(start, finish) + 1;
      const forecast = addDays(start, Math.round(planned / spi) - 1);
      forecastFinish = workLeft && forecast < day ? day : forecast;
    }
  }
  const daysLate = forecastFinish !== null && finish !== undefined ? daysBetween(finish, forecastFinish) : null;
  const budgetSpent = bac - ac <= 0;
  const overdue = finish !== undefined && finish < day && workLeft;
  let status: ForecastStatus = 'onTrack';
  if (overdue || (daysLate ?? 0) > LATE_AFTER_DAYS) status = 'late';
  else if ((daysLate ?? 0) > 0 || spi === 0 || (cpi !== null && cpi < CPI_AT_RISK) || (budgetSpent && workLeft)) {
    status = 'atRisk';
  }
  return {
    estimateAtCompletion: yuan(eac),
    estimateToComplete: yuan(eac - ac),
    varianceAtCompletion: yuan(bac - eac),
    tcpi: budgetSpent ? null : index((bac - ev) / (bac - ac)),
    plannedFinish: finish ?? null,
    forecastFinish,
    daysLate,
    status,
  };
}

const earliest = (days: string[]) => (days.length ? days.reduce((a, b) => (a < b ? a : b)) : undefined);
const latest = (days: string[]) => (days.length ? days.reduce((a, b) => (a > b ? a : b)) : undefined);
const daysOf = (sites: EntityRecord[], field: string) =>
  sites.map((site) => dayOf(site[field])).filter((day): day is string => day !== undefined);

/**
 * `GET earnedValue/forecasts`: the forecasts of the caller's tenant's open projects (sales orders with
 * an execution site not started or executing) on a day, today without `date`. Each order's figures are
 * those the earned-value call answers for it on that day; an order whose plan starts after a past day
 * asked was not under way then and is left out. Most over budget first (VAC rising), then by order number.
 */
export const getProjectForecasts: Handler = async (call) => {
  const today = new Date().toISOString().slice(0, 10);
  // Refused after today; a day before an order's plan leaves that order out (below) rather than refusing.
  const day = dayAsked(call, today, undefined);
  const byOrder = new Map<number, EntityRecord[]>();
  for (const site of await allOf(call, 'executeSite')) {
    const orderId = Number(site.orderId);
    if (Number.isInteger(orderId) && orderId > 0) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), site]);
  }
  const open = [...byOrder].filter(([, sites]) => sites.some((site) => OPEN_STATES.has(String(site.projStatus))));
  const ids = open.map(([orderId]) => orderId);
  const orders = ids.length ? await allOf(call, 'salesOrder', [{ field: 'id', op: 'in', value: ids }]) : [];
  const orderOf = new Map(orders.map((order) => [Number(order.id), order]));
  const projects: ProjectForecast[] = [];
  for (const [orderId, sites] of open) {
    const order = orderOf.get(orderId);
    const firstPlannedDay = earliest(daysOf(sites, 'planStartDate'));
    if (!order || (day < today && firstPlannedDay !== undefined && firstPlannedDay > day)) continue;
    // Today's figures are asked without a day, as the earned-value screen asks them: an order planned
    // to start later is refused a day before its plan, but has figures of today.
    const query = { orderId, ...(day < today ? { date: day } : {}) };
    const value = (await getEarnedValueStatistics({ ...call, query })) as ProjEarnedValue;
    const forecast = forecastOf({
      bac: value.budgetAtCompletion,
      pv: value.plannedValue,
      ev: value.earnedValue,
      ac: value.actualCost,
      day,
      firstPlannedDay,
      plannedFinish: latest(daysOf(sites, 'planFinishDate')),
    });
    projects.push({
      orderId,
      orderNo: String(order.orderNo ?? ''),
      name: String(order.name ?? ''),
      siteCount: value.siteCount,
      budgetAtCompletion: value.budgetAtCompletion,
      plannedValue: value.plannedValue,
      earnedValue: value.earnedValue,
      actualCost: value.actualCost,
      cpi: value.cpi,
      spi: value.spi,
      ...forecast,
      firstPlannedDay: firstPlannedDay ?? null,
    });
  }
  projects.sort((a, b) => a.varianceAtCompletion - b.varianceAtCompletion || a.orderNo.localeCompare(b.orderNo));
  return { date: day, projects };
};

export const forecastHandlers: Record<string, Handler> = { getProjectForecasts };
