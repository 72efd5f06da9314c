import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, variablesOf } from '../telemetry/lookup';
import { limitsOf, type QualityLimits } from './quality';

/** Nominal low-voltage phase voltage (GB/T 156: 220/380 V), what phase voltages in volts are judged against. */
const NOMINAL_PHASE_VOLTAGE = 220;

interface Band {
  lower?: number;
  upper?: number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The band of values within the station's limit for what a variable measures, by its code; none when no limit applies. */
export function bandOf(code: string | null, limits: QualityLimits): Band | undefined {
  if (!code) return undefined;
  if (code === 'frequency') return { lower: round(50 - limits.frequencyDeviation), upper: round(50 + limits.frequencyDeviation) };
  if (code === 'powerFactor') return { lower: limits.powerFactor };
  if (/^voltage[ABC]$/.test(code))
    return {
      lower: round(NOMINAL_PHASE_VOLTAGE * (1 - limits.voltageLower / 100), 1),
      upper: round(NOMINAL_PHASE_VOLTAGE * (1 + limits.voltageUpper / 100), 1),
    };
  if (/^(voltageThd|thdU[abc]?)$/i.test(code)) return { upper: limits.voltageThd };
  if (code === 'voltageUnbalance') return { upper: limits.voltageUnbalance };
  if (code === 'currentUnbalance') return { upper: limits.currentUnbalance };
  if (/^(flickerPlt|plt)$/i.test(code)) return { upper: limits.flickerPlt };
  return undefined;
}

/** Whether a value leaves its band (a power factor is judged by its magnitude). */
export function outside(band: Band, value: number, code: string | null): boolean {
  const v = code === 'powerFactor' ? Math.abs(value) : value;
  return (band.lower !== undefined && v < band.lower) || (band.upper !== undefined && v > band.upper);
}

/** The gauges a power-quality call is about: a device's, or those named; each with its station's limits. */
async function gaugesOf(
  call: CallContext,
  query: { deviceSn?: string; sns?: string },
): Promise<{ variable: CatalogVariable; limits: QualityLimits }[]> {
  const catalog = await catalogOf(call);
  let variables: CatalogVariable[];
  if (query.sns) variables = variablesOf(catalog, query.sns);
  else if (query.deviceSn) {
    const device = await call.services.repository.findBy(call.scope(), 'device', 'sn', query.deviceSn);
    variables = [...catalog.byId.values()].filter((v) => v.deviceId === device.id && v.kind === 'gauge');
  } else throw new ApiError('validation', { detail: 'deviceSn or sns is required' });
  const limits = new Map<number, QualityLimits>();
  for (const stationId of new Set(variables.map((v) => v.stationId))) {
    const station: EntityRecord = await call.services.repository.get(call.scope(), 'station', stationId);
    limits.set(stationId, await limitsOf(call, station));
  }
  return variables.map((variable) => ({ variable, limits: limits.get(variable.stationId) as QualityLimits }));
}

/** `datascreening/variables/data/realtime`: the latest stored value of each gauge, judged against its limit. */
export const emsQualityRealtime: Handler = async (call) => {
  const gauges = await gaugesOf(call, call.body as { deviceSn?: string; sns?: string });
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        call.scope().tenantId,
        gauges.map((g) => g.variable.id),
      )
    ).map((s) => [s.varId, s]),
  );
  return gauges.map(({ variable, limits }) => {
    const state = latest.get(variable.id);
    const band = bandOf(variable.code, limits);
    const value = state ? Number(state.value) : null;
    return {
      sn: variable.sn,
      name: variable.name,
      ...(variable.code ? { code: variable.code } : {}),
      unit: variable.unit,
      deviceSn: variable.deviceSn,
      value,
      ...(state ? { time: formatLocal(Number(state.ts), variable.zone) } : {}),
      ...band,
      ...(band && value !== null ? { exceeded: outside(band, value, variable.code) } : {}),
    };
  });
};

/**
 * `monthly_report/report_data`: each gauge of a device over a month, from daily rollups: the
 * month's and each day's maximum, minimum and mean, and the days whose extremes left the limit.
 */
export const emsQualityMonthly: Handler = async (call) => {
  const { deviceSn, month } = call.query as { deviceSn: string; month: string };
  const gauges = await gaugesOf(call, { deviceSn });
  const { store } = call.services.telemetry;
  const tenantId = call.scope().tenantId;
  const variables = gauges.map((g) => g.variable);
  const [max, min, avg] = await Promise.all(
    (['MAX', 'MIN', 'AVG'] as const).map((method) => store.statistic(tenantId, variables, method, 'MONTH', `${month}-01`)),
  );
  return gauges.map(({ variable, limits }) => {
    const high = max?.get(variable.id);
    const low = min?.get(variable.id);
    const mean = avg?.get(variable.id);
    const band = bandOf(variable.code, limits);
    const days = (high?.labels ?? []).map((label, index) => ({
      day: /^\d{4}-\d{2}-\d{2}$/.test(label) ? label : `${month}-${String(index + 1).padStart(2, '0')}`,
      max: high?.series[index] ?? null,
      min: low?.series[index] ?? null,
      avg: mean?.series[index] === null || mean?.series[index] === undefined ? null : round(Number(mean.series[index])),
    }));
    const exceededDays = band
      ? days.filter(
          (day) =>
            (day.max !== null && outside(band, day.max, variable.code)) ||
            (day.min !== null && outside(band, day.min, variable.code)),
        ).length
      : undefined;
    return {
      sn: variable.sn,
      name: variable.name,
      ...(variable.code ? { code: variable.code } : {}),
      unit: variable.unit,
      max: high?.value ?? null,
      min: low?.value ?? null,
      avg: mean?.value === null || mean?.value === undefined ? null : round(mean.value),
      ...band,
      ...(exceededDays !== undefined ? { exceededDays } : {}),
      days,
    };
  });
};
