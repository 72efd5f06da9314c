import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, periodOf, type PeriodType } from '../telemetry/calendar';
import { correctSample } from '../telemetry/corrections';
import { catalogOf, stationOf, stationsOf, zoneOf } from '../telemetry/lookup';
import { BASELINE, intervalAnswer, summaryAnswer } from './answers';
import { ledgerRange, ledgerStation, remeasure, type LedgerScope, type PricedRow } from './book';

function scopeOf(call: CallContext): LedgerScope {
  return {
    db: call.data(),
    dialect: call.services.database.dialect,
    repository: call.services.repository,
    scope: call.scope(),
  };
}

async function stationLedger(call: CallContext, station: EntityRecord, type: PeriodType, time: string | number) {
  const catalog = await catalogOf(call);
  const ledger = ledgerStation(station, catalog.byStation.get(String(station.sn)) ?? []);
  const period = periodOf(type, time, ledger.zone);
  const now = Date.now();
  const { intervals, rows } = await ledgerRange(scopeOf(call), ledger, period.start, period.end, now);
  const closedIn = (from: number, to: number) =>
    intervals.filter((iv) => iv.start >= from && iv.start < to && iv.end <= now).length;
  return {
    ledger,
    period,
    intervals,
    rows,
    now,
    summary: summaryAnswer(rows, now, ledger.capacityKwh, closedIn(period.start, period.end)),
    closedIn,
  };
}

const PART: Record<PeriodType, 'clock' | 'day' | 'month'> = { DAY: 'clock', MONTH: 'day', YEAR: 'month' };

/**
 * `GET /ems/api/ledger/station`: a station's ledger of a day, month or year in its zone, against
 * the stated baseline: the figures, the same figures by interval (a day), day (a month) or month
 * (a year), each with the span of intervals behind it, and a day's intervals themselves.
 */
export const getStationLedger: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  const type = String(call.query.type ?? 'MONTH') as PeriodType;
  const time = typeof call.query.time === 'string' ? call.query.time : Date.now();
  const { ledger, period, intervals, rows, now, summary, closedIn } = await stationLedger(call, station, type, time);
  const byStart = new Map(rows.map((row) => [row.start, row]));
  const parts = new Map<string, { from: number; to: number; rows: PricedRow[] }>();
  for (const interval of intervals) {
    const key = type === 'DAY' ? `${interval.clock}|${interval.start}` : interval[PART[type]];
    const part = parts.get(key) ?? { from: interval.start, to: interval.end, rows: [] };
    part.to = interval.end;
    const row = byStart.get(interval.start);
    if (row) part.rows.push(row);
    parts.set(key, part);
  }
  return {
    stationSn: ledger.sn,
    stationName: ledger.name,
    timeZone: ledger.zone,
    settlementMinutes: ledger.minutes,
    type,
    period: period.key,
    baseline: BASELINE,
    ...summary,
    parts: [...parts].map(([key, part]) => ({
      label: key.split('|')[0] ?? key,
      from: formatLocal(part.from, ledger.zone),
      to: formatLocal(part.to, ledger.zone),
      ...summaryAnswer(part.rows, now, ledger.capacityKwh, closedIn(part.from, part.to)),
    })),
    ...(type === 'DAY'
      ? {
          intervals: intervals.flatMap((iv) => {
            const row = byStart.get(iv.start);
            return row ? [intervalAnswer(row, iv.clock)] : [];
          }),
        }
      : {}),
  };
};

/** `GET /ems/api/ledger/fleet`: the tenant's stations ranked by what they earned in a day, month or year. */
export const getFleetLedger: Handler = async (call) => {
  const type = String(call.query.type ?? 'MONTH') as PeriodType;
  const time = typeof call.query.time === 'string' ? call.query.time : Date.now();
  const stations = await stationsOf(call);
  const rows = [];
  for (const station of stations) {
    const { summary, period } = await stationLedger(call, station, type, time);
    rows.push({
      stationSn: String(station.sn),
      stationName: String(station.name),
      timeZone: zoneOf(station),
      period: period.key,
      ...summary,
    });
  }
  rows.sort((a, b) => (b.earned ?? -Infinity) - (a.earned ?? -Infinity) || a.stationSn.localeCompare(b.stationSn));
  return { type, baseline: BASELINE, stations: rows.map((row, i) => ({ rank: i + 1, ...row })) };
};

/** `GET /ems/api/ledger/recomputes`: a station's recomputations, newest first: which intervals, when, why, and what changed. */
export const getLedgerRecomputes: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  const zone = zoneOf(station);
  const db = call.data();
  const records = await db
    .selectFrom('ledgerRecompute')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('stationId', '=', Number(station.id))
    .orderBy('id', 'desc')
    .limit(Number(call.query.size ?? 50))
    .execute();
  return records.map((r) => ({
    id: Number(r.id),
    at: formatLocal(Number(r.at), zone),
    reason: r.reason,
    from: formatLocal(Number(r.firstStart), zone),
    to: formatLocal(Number(r.lastStart), zone),
    firstStart: Number(r.firstStart),
    lastStart: Number(r.lastStart),
    intervals: Number(r.intervals),
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  }));
};

/**
 * `POST /ems/api/ledger/sampleCorrection`: corrects a stored reading of a variable (its rollups
 * follow) and recomputes the ledger intervals whose energy it changes, recording why.
 */
export const correctLedgerSample: Handler = async (call) => {
  const body = call.body as { varSn: string; ts: number; value: number; reason: string };
  const catalog = await catalogOf(call);
  const variable = catalog.bySn.get(body.varSn);
  if (!variable) throw new ApiError('notFound');
  const station = await stationOf(call, variable.stationSn);
  const { telemetry } = call.services;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const correction = await correctSample(trx, telemetry.store.localDays, variable, body.ts, body.value);
    const ledger = ledgerStation(station, catalog.byStation.get(variable.stationSn) ?? []);
    const ctx = { ...scopeOf(call), db: trx };
    const instants = [correction.ts, ...(correction.nextTs === null ? [] : [correction.nextTs])];
    const recomputed = await remeasure(ctx, ledger, instants, {
      cause: 'sample corrected',
      varSn: body.varSn,
      ts: body.ts,
      before: correction.before,
      value: body.value,
      reason: body.reason,
    });
    call.services.needs.samplesArrived(call.scope().tenantId);
    return { ...correction, recomputed: recomputed.map((row) => formatLocal(row.start, ledger.zone)) };
  });
};

/**
 * `GET /ems/api/ledger/readings`: the stored readings of the counters the station's ledger reads
 * on a day of its zone, newest first, one page; each names its variable and instant, which a
 * correction (`correctLedgerSample`) takes.
 */
export const getLedgerReadings: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  const { current, size } = call.query as { current: number; size: number };
  const catalog = await catalogOf(call);
  const ledger = ledgerStation(station, catalog.byStation.get(String(station.sn)) ?? []);
  const period = periodOf('DAY', String(call.query.time), ledger.zone);
  const ids = [...new Set(ledger.counters.map((counter) => counter.varId))];
  if (ids.length === 0) return { records: [], total: 0, current, size };
  const stored = call
    .data()
    .selectFrom('sample')
    .where('tenantId', '=', call.scope().tenantId)
    .where('varId', 'in', ids)
    .where('ts', '>=', period.start)
    .where('ts', '<', period.end);
  const counted = await stored.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const rows = await stored
    .select(['varId', 'ts', 'value'])
    .orderBy('ts', 'desc')
    .orderBy('varId', 'asc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const records = rows.map((row) => {
    const variable = catalog.byId.get(Number(row.varId));
    return {
      varSn: variable?.sn ?? '',
      name: variable?.name ?? '',
      unit: variable?.unit ?? '',
      ts: Number(row.ts),
      time: formatLocal(Number(row.ts), ledger.zone),
      value: Number(row.value),
    };
  });
  return { records, total: Number(counted?.count ?? 0), current, size };
};

export const ledgerHandlers: Record<string, Handler> = {
  getLedgerReadings,
  getStationLedger,
  getFleetLedger,
  getLedgerRecomputes,
  correctLedgerSample,
};
