import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, parseLocal, type PeriodType } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf } from '../telemetry/lookup';
import type { CalcMethod, Resolution } from '../telemetry/store';
import { allOf } from './records';

const DAY_MS = 86_400_000;
/** Points per variable a trend answers at most (peaks and dips kept). */
const POINTS = 500;

async function groupWithVariables(call: CallContext): Promise<{ group: EntityRecord; variables: CatalogVariable[] }> {
  const group = await call.services.repository.get(call.scope(), 'reportGroup', Number(call.params.id));
  const catalog = await catalogOf(call);
  const variables = ((group.variables ?? []) as { variableId: number }[]).flatMap(({ variableId }) => {
    const variable = catalog.byId.get(variableId);
    return variable ? [variable] : [];
  });
  return { group, variables };
}

const methodOf = (group: EntityRecord) => (group.calcMethod ?? 'AVG') as CalcMethod;

/** `{id}/reportgroups`: the groups of the station of the id, in their order. */
export const emsStationReportGroups: Handler = async (call) => {
  const station = await call.services.repository.get(call.scope(), 'station', Number(call.params.id));
  return allOf(call, 'reportGroup', [{ field: 'stationId', op: 'eq', value: station.id }], 'sorting');
};

/**
 * `{id}/trend`: the values of the group's variables from startTime to endTime (the station's
 * zone): the samples over two days at most, hourly figures up to 62 days, daily ones beyond, by
 * the group's method. Only stored telemetry: a time without data has no point.
 */
export const emsReportTrend: Handler = async (call) => {
  const { group, variables } = await groupWithVariables(call);
  const zone = variables[0]?.zone ?? 'Asia/Shanghai';
  const { startTime, endTime } = call.query as { startTime: string; endTime: string };
  const start = parseLocal(startTime, zone);
  const end = parseLocal(endTime, zone);
  if (!(end > start)) throw new ApiError('validation', { detail: 'endTime: not after startTime' });
  const span = end - start;
  const resolution: Resolution = span <= 2 * DAY_MS ? 'RAW' : span <= 62 * DAY_MS ? 'HOUR' : 'DAY';
  const series = await call.services.telemetry.store.trend(
    call.scope().tenantId,
    variables,
    methodOf(group),
    resolution,
    start,
    end,
    POINTS,
  );
  return {
    groupId: group.id,
    name: group.name,
    series: variables.map((variable) => ({
      sn: variable.sn,
      name: variable.name,
      unit: variable.unit,
      points: (series.get(variable.id) ?? []).map((point) => ({
        time: formatLocal(point.ts, variable.zone),
        value: point.value,
      })),
    })),
  };
};

/** `reportgroups/{id}/datainfo`: the group's figures over the DAY, MONTH or YEAR of querytime, by its method. */
export const emsReportData: Handler = async (call) => {
  const { group, variables } = await groupWithVariables(call);
  const type = (call.query.type ?? 'DAY') as PeriodType;
  const time = String(call.query.querytime);
  const figures = await call.services.telemetry.store.statistic(call.scope().tenantId, variables, methodOf(group), type, time);
  const first = variables[0] ? figures.get(variables[0].id) : undefined;
  return {
    groupId: group.id,
    name: group.name,
    calcMethod: methodOf(group),
    labels: first?.labels ?? [],
    variables: variables.map((variable) => {
      const figure = figures.get(variable.id);
      return {
        sn: variable.sn,
        name: variable.name,
        unit: variable.unit,
        value: figure?.value ?? null,
        series: figure?.series ?? [],
      };
    }),
  };
};
