import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal, partKey, periodOf, subPeriods, type PeriodType } from './calendar';
import { catalogOf, stationOf, zoneOf } from './lookup';
import { addSeries, total } from './roles';
import { hourlyEnergy, round, tariffOf, type SignedVariable } from './station';
import { priceAt } from './tariff';

interface LabelQuery {
  stationSn?: string;
  labelIds?: number[];
  labelId?: number;
  type: PeriodType;
  querytime: string;
}

const LIST_ALL = { sortField: 'sorting', sortOrder: 'asc' as const, current: 1, size: 10_000 };

/** The labels of a station, parents before their children, siblings in their order. */
async function stationLabels(call: CallContext, stationSn: string): Promise<EntityRecord[]> {
  const station = await stationOf(call, stationSn);
  const { records } = await call.services.repository.list(call.scope(), 'energyLabel', {
    ...LIST_ALL,
    filters: [{ field: 'stationId', op: 'eq', value: station.id }],
  });
  const children = new Map<unknown, EntityRecord[]>();
  const ids = new Set(records.map((r) => r.id));
  for (const label of records) {
    const parent = label.parentId !== undefined && ids.has(label.parentId) ? label.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), label]);
  }
  const ordered: EntityRecord[] = [];
  const visit = (parent: unknown) => {
    for (const label of children.get(parent) ?? []) {
      ordered.push(label);
      visit(label.id);
    }
  };
  visit(null);
  return ordered;
}

/** The labels a query names: one label, the labels listed, or all of a station (each the tenant's, else 404). */
async function labelsOf(call: CallContext, query: LabelQuery): Promise<EntityRecord[]> {
  if (query.labelId !== undefined) return [await call.services.repository.get(call.scope(), 'energyLabel', query.labelId)];
  if (query.labelIds?.length)
    return Promise.all(query.labelIds.map((id) => call.services.repository.get(call.scope(), 'energyLabel', id)));
  if (query.stationSn) return stationLabels(call, query.stationSn);
  throw new ApiError('validation', { detail: call.t('errors.labelScope') });
}

interface LabelFigures {
  label: EntityRecord;
  variables: SignedVariable[];
  zone: string;
  unit: string;
  value: number | null;
  series: (number | null)[];
  keys: string[];
}

/** The energy of each label over the period: the signed sum of its counters' growth, with the series. */
async function figuresOf(call: CallContext, query: LabelQuery): Promise<LabelFigures[]> {
  const labels = await labelsOf(call, query);
  const catalog = await catalogOf(call);
  const stations = new Map<unknown, string>();
  for (const label of labels) {
    if (!stations.has(label.stationId)) {
      const station = await call.services.repository.get(call.scope(), 'station', Number(label.stationId));
      stations.set(label.stationId, zoneOf(station));
    }
  }
  const signed = labels.map((label) =>
    (label.variables as { variableId: number; sign?: number }[]).flatMap(({ variableId, sign }) => {
      const variable = catalog.byId.get(variableId);
      return variable ? [{ variable, sign: sign ?? 1 }] : [];
    }),
  );
  const all = [...new Map(signed.flat().map((s) => [s.variable.id, s.variable])).values()];
  const results = all.length
    ? await call.services.telemetry.store.statistic(call.scope().tenantId, all, 'DIFF', query.type, query.querytime)
    : new Map();
  return labels.map((label, i) => {
    const variables = signed[i] ?? [];
    const zone = stations.get(label.stationId) ?? 'Asia/Shanghai';
    const figures = variables.map(({ variable, sign }) => {
      const result = results.get(variable.id);
      return {
        value: result?.value == null ? null : sign * result.value,
        series: (result?.series ?? []).map((v: number | null) => (v === null ? null : sign * v)),
      };
    });
    const keys = variables.map(({ variable }) => results.get(variable.id)?.labels).find(Boolean) ?? [];
    return {
      label,
      variables,
      zone,
      unit: variables[0]?.variable.unit ?? 'kWh',
      value: total(figures.map((f) => f.value)),
      series: addSeries(figures.map((f) => f.series)),
      keys,
    };
  });
}

/** The cost of a label's energy at its station's purchase prices, in all and over the series' parts. */
async function chargesOf(call: CallContext, query: LabelQuery, figures: LabelFigures) {
  const periods = await tariffOf(call, figures.label.stationId, 'purchase');
  if (!periods) return { charge: null, charges: figures.keys.map(() => null) };
  const period = periodOf(query.type, query.querytime, figures.zone);
  const hours = await hourlyEnergy(call, figures.variables, period.start, period.end);
  // Costs gather by the part of the series an hour lies in, not by its label: the day the clocks
  // go back has two parts labelled 02:00.
  const byPart = new Map<string, number>();
  for (const [ts, energy] of hours) {
    const [day = '', hour = '0', month = '1'] = formatLocal(ts, figures.zone, 'YYYY-MM-DD|H|M').split('|');
    const part = query.type === 'DAY' ? String(ts) : query.type === 'MONTH' ? day : day.slice(0, 7);
    byPart.set(part, (byPart.get(part) ?? 0) + energy * priceAt(periods, Number(hour), Number(month)).price);
  }
  const parts = subPeriods(period, figures.zone);
  const charges = figures.keys.map((_, i) => {
    const part = parts[i];
    const cost = part ? byPart.get(partKey(part)) : undefined;
    return cost === undefined ? null : round(cost);
  });
  return { charge: round(total(charges)), charges };
}

const answer = (f: LabelFigures, withSeries: boolean) => ({
  labelId: Number(f.label.id),
  name: String(f.label.name),
  unit: f.unit,
  value: round(f.value),
  datas: withSeries ? f.series.map((v) => round(v)) : [],
  time_keys: withSeries ? f.keys : [],
});

/** `getAllLabelTrendTotalDatas`: each label's energy over the period, without series. */
export const labelTotals: Handler = async (call) => (await figuresOf(call, call.body as LabelQuery)).map((f) => answer(f, false));

/** The label trend calls: each label's energy over the period with its series. */
export const labelTrends: Handler = async (call) => (await figuresOf(call, call.body as LabelQuery)).map((f) => answer(f, true));

/** `electricaldegreeandcharge`: each label's energy and its cost over the period. */
export const labelCharges: Handler = async (call) => {
  const query = call.body as LabelQuery;
  return Promise.all(
    (await figuresOf(call, query)).map(async (f) => ({ ...answer(f, false), charge: (await chargesOf(call, query, f)).charge })),
  );
};

/** `electricaldegreeandchargetrend`: each label's energy and cost with both series. */
export const labelChargeTrends: Handler = async (call) => {
  const query = call.body as LabelQuery;
  return Promise.all(
    (await figuresOf(call, query)).map(async (f) => ({ ...answer(f, true), ...(await chargesOf(call, query, f)) })),
  );
};

/** `energylabel/gettree/{stationSn}`: the station's labels in tree order. */
export const labelTree: Handler = async (call) => stationLabels(call, String(call.params.stationSn));

/** `energytype/getalltype/{stationSn}`: the energy types the station's labels measure. */
export const energyTypes: Handler = async (call) => {
  const labels = await stationLabels(call, String(call.params.stationSn));
  return [...new Set(labels.map((l) => String(l.energyType)))].map((code) => ({
    code,
    name: call.t(`enums.energyType.${code}`),
  }));
};

/** `energylabeltype/getenergylabeltype`: the kinds of label. */
export const labelTypes: Handler = async (call) =>
  (call.services.contract.entities.energyLabel?.properties?.labelType?.enum ?? []).map((code) => ({
    code,
    name: call.t(`enums.labelType.${String(code)}`),
  }));

/** The named handlers of energy labels, by their `x-handler` name. */
export const labelHandlers: Record<string, Handler> = {
  labelTotals,
  labelTrends,
  labelCharges,
  labelChargeTrends,
  labelTree,
  energyTypes,
  labelTypes,
};
