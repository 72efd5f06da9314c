import type { TenantScope } from '../auth/context';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

/** The bid statuses that close a tender: won, or lost one way or the other. */
const DECIDED = new Set(['won', 'failed', 'unawarded']);

/** The year a statistics call asks for (the current year when absent). */
function yearOf(call: CallContext): number {
  const year = call.query.year;
  return typeof year === 'number' ? year : new Date().getUTCFullYear();
}

/** Figures are sums of amounts: two decimals, without the binary noise of floating point. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Won in percent of decided, two decimals; 0 while nothing is decided. */
const rateOf = (won: number, decided: number) => (decided === 0 ? 0 : round2((won * 100) / decided));

/** The tenant's tenders whose planned bid date lies in the year (every statistic counts by it). */
async function tendersOf(call: CallContext, scope: TenantScope, year: number): Promise<EntityRecord[]> {
  const filters: Filter[] = [
    { field: 'planBidDate', op: 'gte', value: `${year}-01-01` },
    { field: 'planBidDate', op: 'lte', value: `${year}-12-31` },
  ];
  const tenders: EntityRecord[] = [];
  for await (const batch of call.services.repository.each(scope, 'tender', { filters, sortField: 'id', sortOrder: 'asc' })) {
    tenders.push(...batch);
  }
  return tenders;
}

const amount = (record: EntityRecord, field: string) => (typeof record[field] === 'number' ? (record[field] as number) : 0);
const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
const monthOf = (date: unknown) => (typeof date === 'string' ? date.slice(0, 7) : undefined);

function countByStatus(tenders: EntityRecord[]): Record<string, number> {
  const counts: Record<string, number> = { ongoing: 0, won: 0, failed: 0, unawarded: 0 };
  for (const tender of tenders) counts[String(tender.status)] = (counts[String(tender.status)] ?? 0) + 1;
  return counts;
}

/** `GET /manager/busBiddingInfo/statistics`. */
export const tenderStatistics: Handler = async (call) => {
  const year = yearOf(call);
  const tenders = await tendersOf(call, call.scope(), year);
  const counts = countByStatus(tenders);
  const won = tenders.filter((t) => t.status === 'won');
  const decided = (counts.won ?? 0) + (counts.failed ?? 0) + (counts.unawarded ?? 0);
  return {
    year,
    total: tenders.length,
    ongoing: counts.ongoing ?? 0,
    won: counts.won ?? 0,
    failed: counts.failed ?? 0,
    unawarded: counts.unawarded ?? 0,
    budgetAmount: round2(tenders.reduce((sum, t) => sum + amount(t, 'budgetAmount'), 0)),
    bidAmount: round2(tenders.reduce((sum, t) => sum + amount(t, 'bidAmount'), 0)),
    wonAmount: round2(won.reduce((sum, t) => sum + amount(t, 'bidAmount'), 0)),
    winRate: rateOf(counts.won ?? 0, decided),
  };
};

/** `GET /manager/busBiddingInfo/trend`: every month of the year, empty ones too. */
export const tenderTrend: Handler = async (call) => {
  const year = yearOf(call);
  const tenders = await tendersOf(call, call.scope(), year);
  return months(year).map((month) => {
    const ofMonth = tenders.filter((t) => monthOf(t.planBidDate) === month);
    const won = ofMonth.filter((t) => t.status === 'won');
    return {
      month,
      total: ofMonth.length,
      won: won.length,
      wonAmount: round2(won.reduce((sum, t) => sum + amount(t, 'bidAmount'), 0)),
    };
  });
};

/**
 * `GET /manager/busBiddingInfo/planVsActual`: the plan is the planned bid date, the actual the
 * day the bid was submitted; a tender of the year submitted in another month counts there.
 */
export const tenderPlanVsActual: Handler = async (call) => {
  const year = yearOf(call);
  const tenders = await tendersOf(call, call.scope(), year);
  return months(year).map((month) => ({
    month,
    planned: tenders.filter((t) => monthOf(t.planBidDate) === month).length,
    actual: tenders.filter((t) => monthOf(t.bidDate) === month).length,
  }));
};

/** `GET /manager/busBiddingInfo/ranking`: responsible users by amount won, then tenders won, then name. */
export const tenderRanking: Handler = async (call) => {
  const year = yearOf(call);
  const limit = typeof call.query.limit === 'number' ? call.query.limit : 10;
  const tenders = await tendersOf(call, call.scope(), year);
  const byOwner = new Map<
    string,
    { ownerId?: number; ownerName: string; total: number; won: number; decided: number; wonAmount: number }
  >();
  for (const tender of tenders) {
    const key = String(tender.ownerId ?? tender.ownerName ?? '');
    const entry = byOwner.get(key) ?? {
      ...(typeof tender.ownerId === 'number' ? { ownerId: tender.ownerId } : {}),
      ownerName: String(tender.ownerName ?? ''),
      total: 0,
      won: 0,
      decided: 0,
      wonAmount: 0,
    };
    entry.total += 1;
    if (DECIDED.has(String(tender.status))) entry.decided += 1;
    if (tender.status === 'won') {
      entry.won += 1;
      entry.wonAmount += amount(tender, 'bidAmount');
    }
    byOwner.set(key, entry);
  }
  return [...byOwner.values()]
    .sort((a, b) => b.wonAmount - a.wonAmount || b.won - a.won || a.ownerName.localeCompare(b.ownerName))
    .slice(0, limit)
    .map(({ decided, ...entry }, index) => ({
      rank: index + 1,
      ...entry,
      wonAmount: round2(entry.wonAmount),
      winRate: rateOf(entry.won, decided),
    }));
};

/** `GET /manager/busBiddingInfo/winRate`. */
export const tenderWinRate: Handler = async (call) => {
  const year = yearOf(call);
  const counts = countByStatus(await tendersOf(call, call.scope(), year));
  const won = counts.won ?? 0;
  const failed = counts.failed ?? 0;
  const unawarded = counts.unawarded ?? 0;
  const decided = won + failed + unawarded;
  return { year, decided, won, failed, unawarded, winRate: rateOf(won, decided) };
};

/**
 * `GET /manager/busBiddingInfo/funnel`: tracked (every tender of the year), submitted (a bid
 * went in: an actual bid date, or already decided), decided (won, failed or unawarded), won.
 */
export const tenderFunnel: Handler = async (call) => {
  const tenders = await tendersOf(call, call.scope(), yearOf(call));
  const decided = tenders.filter((t) => DECIDED.has(String(t.status)));
  return [
    { stage: 'tracked', count: tenders.length },
    { stage: 'submitted', count: tenders.filter((t) => t.bidDate !== undefined || DECIDED.has(String(t.status))).length },
    { stage: 'decided', count: decided.length },
    { stage: 'won', count: decided.filter((t) => t.status === 'won').length },
  ];
};

/**
 * `GET /manager/busBiddingInfo/generateNumber`: TB, today's date (UTC) and the next free
 * three-digit sequence of the day among the tenant's numbers. Nothing is reserved: the number's
 * uniqueness is checked again when the tender is saved.
 */
export const tenderGenerateNumber: Handler = async (call) => {
  const prefix = `TB${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
  let highest = 0;
  const filters: Filter[] = [{ field: 'tenderNo', op: 'contains', value: prefix }];
  for await (const batch of call.services.repository.each(call.scope(), 'tender', {
    filters,
    sortField: 'id',
    sortOrder: 'asc',
  })) {
    for (const tender of batch) {
      const match = /^TB\d{8}(\d+)$/.exec(String(tender.tenderNo));
      if (match && String(tender.tenderNo).startsWith(prefix)) highest = Math.max(highest, Number(match[1]));
    }
  }
  return `${prefix}${String(highest + 1).padStart(3, '0')}`;
};
