import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';
import { allOf, eq, numberOf, yuan } from './records';

/** States past the final account: the whole budget is earned. */
const SETTLED = new Set(['finalAccountConfirmed', 'completed', 'closed']);
const DAY_MS = 86_400_000;

/** Share of a site's planned days gone by on `today` (0 before its start or without a plan). */
export function plannedShare(site: EntityRecord, today: string): number {
  const { planStartDate: start, planFinishDate: finish } = site;
  if (typeof start !== 'string' || typeof finish !== 'string') return 0;
  const days = (Date.parse(finish) - Date.parse(start)) / DAY_MS + 1;
  const gone = (Date.parse(today) - Date.parse(start)) / DAY_MS + 1;
  return Math.min(1, Math.max(0, gone / days));
}

/** What a site's earned value is made of, each part with the day it happened (`YYYY-MM-DD`, or none). */
export interface SiteFacts {
  site: EntityRecord;
  /** The steps of its setup process: whether each is done, and the day it was finished (else the day its record last changed). */
  steps: { done: boolean; day: string | undefined }[];
  /** Its costs: each calculated item (on the day it was entered) and each manual workload (on its day of work). */
  costs: { amount: number; day: string | undefined }[];
  /** The day its record last changed (when its state last moved, for want of a day of the final account). */
  changed: string | undefined;
}

/** A site's figures on a day, yuan. */
export interface SiteValue {
  bac: number;
  pv: number;
  ev: number;
  ac: number;
}

/** The day of a date or time value (its first ten characters), undefined for anything else. */
export const dayOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/**
 * A site's budget (BAC), planned value (PV), earned value (EV) and actual cost (AC) on `day`.
 * What has happened is dated: a step counts once finished, a cost once incurred. A day recorded
 * after `today` (a finish day written ahead) or none at all counts as today, so the figures of
 * today are those of every record as it stands. A settled site has earned its whole budget from
 * the last day one of its steps was finished (its final account comes after its work; the state
 * change keeps no day of its own), or the day its record last changed when no step says.
 */
export function siteValueOn(facts: SiteFacts, day: string, today: string): SiteValue {
  const happened = (when: string | undefined) => (when === undefined || when > today ? today : when) <= day;
  const budget = numberOf(facts.site, 'budgetAmount');
  const done = facts.steps.filter((step) => step.done);
  let progress = facts.steps.length ? done.filter((step) => happened(step.day)).length / facts.steps.length : 0;
  if (SETTLED.has(String(facts.site.projStatus))) {
    const finished = done.map((step) => step.day).filter((when): when is string => when !== undefined);
    const settled = finished.length ? finished.reduce((a, b) => (a > b ? a : b)) : facts.changed;
    if (happened(settled)) progress = 1;
  }
  return {
    bac: budget,
    pv: budget * plannedShare(facts.site, day),
    ev: budget * progress,
    ac: facts.costs.filter((cost) => happened(cost.day)).reduce((sum, cost) => sum + cost.amount, 0),
  };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/** The facts of a site's earned value, as its records stand. */
async function factsOf(call: Parameters<Handler>[0], site: EntityRecord): Promise<SiteFacts> {
  const steps = (await allOf(call, 'siteSetupItem', [eq('siteId', site.id)])).map((step) => ({
    done: step.done === true,
    day: dayOf(step.finishDate) ?? dayOf(step.updateTime),
  }));
  const costs: SiteFacts['costs'] = [];
  for (const area of await allOf(call, 'calcArea', [eq('siteId', site.id)])) {
    for (const item of await allOf(call, 'calcData', [eq('areaId', area.id)])) {
      costs.push({ amount: numberOf(item, 'amount'), day: dayOf(item.createTime) });
    }
  }
  for (const work of await allOf(call, 'manualWorkload', [eq('siteId', site.id)])) {
    costs.push({
      amount: numberOf(work, 'hours') * numberOf(work, 'hourlyRate'),
      day: dayOf(work.workDate) ?? dayOf(work.createTime),
    });
  }
  return { site, steps, costs, changed: dayOf(site.updateTime) };
}

/** The day asked for: today without one; refused (400, the field named) after today or before the order's first planned day. */
export function dayAsked(call: Parameters<Handler>[0], today: string, firstPlanned: string | undefined): string {
  const asked = call.query.date;
  if (asked === undefined) return today;
  const day = String(asked);
  const refuse = (key: string, params: Record<string, string>) => {
    const message = call.t(key, params);
    return new ApiError('validation', { detail: `date: ${message}` }, [{ path: 'date', message }]);
  };
  if (day > today) throw refuse('projects.earnedValue.errors.afterToday', { today });
  if (firstPlanned !== undefined && day < firstPlanned) {
    throw refuse('projects.earnedValue.errors.beforePlan', { first: firstPlanned });
  }
  return day;
}

/**
 * `POST earnedValue/statistics`: the earned value of the sites carrying out a sales order on a day
 * (today without `date`), with the stations of the order's sites and its first planned day. A
 * `tenantId` other than the token's is refused (403) before this runs.
 */
export const getEarnedValueStatistics: Handler = async (call) => {
  const orderId = Number(call.query.orderId);
  const ofOrder = await allOf(call, 'executeSite', [eq('orderId', orderId)]);
  let sites = ofOrder;
  if (call.query.stationId !== undefined) {
    // The sites name their station by serial number; a station id of another tenant is a 404.
    const station = await call.services.repository.get(call.scope(), 'station', Number(call.query.stationId));
    sites = ofOrder.filter((site) => site.stationSn === station.sn);
  }
  const starts = ofOrder.map((site) => dayOf(site.planStartDate)).filter((day): day is string => day !== undefined);
  const firstPlanned = starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : undefined;
  const today = new Date().toISOString().slice(0, 10);
  const day = dayAsked(call, today, firstPlanned);
  let bac = 0;
  let pv = 0;
  let ev = 0;
  let ac = 0;
  for (const site of sites) {
    const value = siteValueOn(await factsOf(call, site), day, today);
    bac += value.bac;
    pv += value.pv;
    ev += value.ev;
    ac += value.ac;
  }
  const serials = [...new Set(ofOrder.map((site) => site.stationSn).filter((sn) => typeof sn === 'string'))];
  const stationFilter: Filter[] = [{ field: 'sn', op: 'in', value: serials }];
  const stations = serials.length ? await allOf(call, 'station', stationFilter) : [];
  return {
    orderId,
    siteCount: sites.length,
    budgetAtCompletion: yuan(bac),
    plannedValue: yuan(pv),
    earnedValue: yuan(ev),
    actualCost: yuan(ac),
    costVariance: yuan(ev - ac),
    scheduleVariance: yuan(ev - pv),
    cpi: ratio(ev, ac),
    spi: ratio(ev, pv),
    date: day,
    firstPlannedDay: firstPlanned ?? null,
    stations: stations.map((station) => ({ id: Number(station.id), sn: String(station.sn), name: String(station.name) })),
  };
};

export const earnedValueHandlers: Record<string, Handler> = { getEarnedValueStatistics };
