import type { Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';
import { allOf, countsBy, eq, numberOf, yuan } from './records';
import { calculatedAmountOf } from './sites';

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

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/**
 * `POST earnedValue/statistics`: the earned value of the sites carrying out a sales order. A
 * `tenantId` other than the token's is refused (403) before this runs.
 */
export const getEarnedValueStatistics: Handler = async (call) => {
  const orderId = Number(call.query.orderId);
  const filters: Filter[] = [eq('orderId', orderId)];
  if (call.query.stationId !== undefined) {
    // The sites name their station by serial number; a station id of another tenant is a 404.
    const station = await call.services.repository.get(call.scope(), 'station', Number(call.query.stationId));
    filters.push(eq('stationSn', station.sn));
  }
  const today = new Date().toISOString().slice(0, 10);
  let bac = 0;
  let pv = 0;
  let ev = 0;
  let ac = 0;
  const sites = await allOf(call, 'executeSite', filters);
  for (const site of sites) {
    const budget = numberOf(site, 'budgetAmount');
    const steps = await countsBy(call, 'siteSetupItem', 'done', [eq('siteId', site.id)]);
    const all = [...steps.values()].reduce((a, b) => a + b, 0);
    const progress = SETTLED.has(String(site.projStatus)) ? 1 : all ? (steps.get(true) ?? 0) / all : 0;
    bac += budget;
    pv += budget * plannedShare(site, today);
    ev += budget * progress;
    ac += await calculatedAmountOf(call, site.id);
    for (const work of await allOf(call, 'manualWorkload', [eq('siteId', site.id)])) {
      ac += numberOf(work, 'hours') * numberOf(work, 'hourlyRate');
    }
  }
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
  };
};

export const earnedValueHandlers: Record<string, Handler> = { getEarnedValueStatistics };
