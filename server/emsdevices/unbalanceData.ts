import type { Handler } from '../http/services';
import { formatLocal, type PeriodType } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, zoneOf } from '../telemetry/lookup';
import type { Statistic } from '../telemetry/store';
import { limitsOf } from './quality';
import { unbalance } from './unbalance';

const PHASES = ['A', 'B', 'C'] as const;
type Quantity = 'voltage' | 'current';

/** A device's phase variables of one quantity (voltageA, voltageB, voltageC), where it has them. */
function phasesOf(variables: CatalogVariable[], quantity: Quantity): (CatalogVariable | undefined)[] {
  return PHASES.map((phase) => variables.find((v) => v.code === `${quantity}${phase}`));
}

const count = (values: (number | null)[], limit: number) => values.filter((v) => v !== null && v > limit).length;
const highest = (values: (number | null)[]) =>
  values.reduce<number | null>((max, v) => (v === null ? max : max === null ? v : Math.max(max, v)), null);

/**
 * `threephase/unbalance`: a meter's voltage and current unbalance computed from its phase values:
 * now (its latest readings) and over a day (from each phase's hourly mean) or a month (daily
 * means), judged against the station's unbalance limits. A device without the three phases of a
 * quantity answers null for it.
 */
export const emsQualityUnbalance: Handler = async (call) => {
  const { deviceSn, type, time } = call.query as { deviceSn: string; type: PeriodType; time: string };
  const scope = call.scope();
  const { repository, telemetry } = call.services;
  const device = await repository.findBy(scope, 'device', 'sn', deviceSn);
  const station = await repository.get(scope, 'station', Number(device.stationId));
  const limits = await limitsOf(call, station);
  const variables = [...(await catalogOf(call)).byId.values()].filter((v) => v.deviceId === device.id);
  const voltage = phasesOf(variables, 'voltage');
  const current = phasesOf(variables, 'current');
  const present = [...voltage, ...current].filter((v): v is CatalogVariable => v !== undefined);

  const latest = new Map(
    (
      await telemetry.store.latest(
        scope.tenantId,
        present.map((v) => v.id),
      )
    ).map((s) => [s.varId, s]),
  );
  const valueOf = (v: CatalogVariable | undefined) => {
    const state = v ? latest.get(v.id) : undefined;
    return state ? Number(state.value) : null;
  };
  const now = (phases: (CatalogVariable | undefined)[]) => phases.map(valueOf);
  const [va, vb, vc] = now(voltage);
  const [ia, ib, ic] = now(current);
  const times = present.flatMap((v) => (latest.has(v.id) ? [Number(latest.get(v.id)?.ts)] : []));

  const means: Map<number, Statistic> = present.length
    ? await telemetry.store.statistic(scope.tenantId, present, 'AVG', type, time)
    : new Map();
  const seriesOf = (v: CatalogVariable | undefined) => (v ? (means.get(v.id)?.series ?? []) : []);
  const labels = [...means.values()][0]?.labels ?? [];
  const along = (phases: (CatalogVariable | undefined)[]) =>
    labels.map((_label, i) => unbalance(seriesOf(phases[0])[i], seriesOf(phases[1])[i], seriesOf(phases[2])[i]));
  const voltageSeries = along(voltage);
  const currentSeries = along(current);
  return {
    deviceSn,
    limits: { voltageUnbalance: limits.voltageUnbalance, currentUnbalance: limits.currentUnbalance },
    latest: {
      ...(times.length ? { time: formatLocal(Math.max(...times), zoneOf(station)) } : {}),
      voltage: { a: va ?? null, b: vb ?? null, c: vc ?? null },
      current: { a: ia ?? null, b: ib ?? null, c: ic ?? null },
      voltageUnbalance: unbalance(va, vb, vc),
      currentUnbalance: unbalance(ia, ib, ic),
    },
    points: labels.map((label, i) => ({
      time: label,
      voltageUnbalance: voltageSeries[i] ?? null,
      currentUnbalance: currentSeries[i] ?? null,
    })),
    maxVoltageUnbalance: highest(voltageSeries),
    maxCurrentUnbalance: highest(currentSeries),
    voltageExceeded: count(voltageSeries, limits.voltageUnbalance),
    currentExceeded: count(currentSeries, limits.currentUnbalance),
  };
};
