import type { Dayjs } from 'dayjs';
import type { Series as SeriesView } from '../../generated/meta';
import type { useRuntime } from '../../runtime';

type Api = ReturnType<typeof useRuntime>['api'];

/** A period of the station's calendar: a day (per hour), a month (per day) or a year (per month). */
export interface Period {
  type: 'DAY' | 'MONTH' | 'YEAR';
  time: Dayjs;
}

/** One series of figures over a period: its total and its value per hour, day or month. */
export interface SeriesFigures {
  key: string;
  name: string;
  unit: string;
  value: number | null;
  datas: (number | null)[];
  timeKeys: string[];
  /** A series that other series divide (an energy label with sub-labels): left out of shares and stacks. */
  divided?: boolean;
}

/** What the reader picked for a source of picked variables. */
export interface Picked {
  variables: { sn: string; name: string }[];
  method: 'AVG' | 'MAX' | 'MIN' | 'SUM' | 'DIFF';
}

const FORMATS = { DAY: 'YYYY-MM-DD', MONTH: 'YYYY-MM', YEAR: 'YYYY' } as const;
export const querytime = (period: Period) => period.time.format(FORMATS[period.type]);

/** The same period shifted: one period before (`previous`) or the same period a year before (`lastYear`). */
export function shifted(period: Period, by: 'previous' | 'lastYear'): Period {
  const unit = by === 'lastYear' ? 'year' : ({ DAY: 'day', MONTH: 'month', YEAR: 'year' } as const)[period.type];
  return { ...period, time: period.time.subtract(1, unit) };
}

/** What the reader chose beside the period: variables and a method, an energy type, a report group. */
export interface SeriesChoice {
  picked?: Picked;
  energyType?: string;
  /** A report group of the station (its variables by its method) in place of the variables picked. */
  reportGroup?: number;
}

/**
 * The figures of a view's source over a period: the station's energy labels (getLabelTrendDatas),
 * those measuring the energy type chosen when one is, the growth of a counter of every device of
 * a kind (getStatisticalValue, DIFF), or the variables picked by the method picked, or those of
 * the report group chosen by its method (getReportGroupDataInfo).
 */
export async function fetchSeries(
  api: Api,
  source: SeriesView['source'],
  stationSn: string,
  period: Period,
  { picked, energyType, reportGroup }: SeriesChoice = {},
): Promise<SeriesFigures[]> {
  const common = { type: period.type, querytime: querytime(period) };
  if ('labels' in source) {
    const byLabel = source.cost ? 'getElectricalDegreeAndChargeTrend' : 'getLabelTrendDatas';
    const [labels, tree] = await Promise.all([
      api.call(byLabel, { body: { stationSn, ...common } }, { silent: true }),
      api.call('getEnergyLabelTree', { params: { stationSn } }, { silent: true }),
    ]);
    const measures = new Map(tree.map((label) => [label.id, label.energyType]));
    const parents = new Set(tree.map((label) => label.parentId).filter((id) => id !== undefined && id !== null));
    return labels
      .filter((label) => energyType === undefined || measures.get(label.labelId) === energyType)
      .map((label) => ({
        key: String(label.labelId),
        name: label.name,
        unit: source.cost ? 'RM' : label.unit,
        value: source.cost ? (label.charge ?? null) : label.value,
        datas: source.cost ? (label.charges ?? []) : label.datas,
        timeKeys: label.time_keys,
        divided: parents.has(label.labelId),
      }));
  }
  if ('pick' in source && reportGroup !== undefined) {
    const group = await api.call('getReportGroupDataInfo', { params: { id: reportGroup }, query: common }, { silent: true });
    return group.variables.map((variable) => ({
      key: variable.sn,
      name: variable.name,
      unit: variable.unit,
      value: variable.value,
      datas: variable.series,
      timeKeys: group.labels,
    }));
  }
  let variables: { sn: string; name: string }[];
  let method: Picked['method'] = 'DIFF';
  if ('pick' in source) {
    variables = picked?.variables ?? [];
    method = picked?.method ?? 'AVG';
  } else {
    const devices = (await api.call('getDevicesByStation', { params: { stationSn } }, { silent: true })).filter(
      (device) => device.kind === source.deviceKind,
    );
    const deviceSns = devices.map((device) => device.sn).join(',');
    const all = deviceSns ? await api.call('getDeviceVars', { body: { deviceSns } }, { silent: true }) : [];
    variables = devices.flatMap((device) => {
      const variable = all.find((entry) => entry.deviceSn === device.sn && entry.code === source.code);
      return variable ? [{ sn: variable.sn, name: device.name }] : [];
    });
  }
  if (variables.length === 0) return [];
  const sns = variables.map((variable) => variable.sn).join(',');
  const figures = await api.call('getStatisticalValue', { query: { sns, calcmethod: method, ...common } }, { silent: true });
  return figures.map((figure) => ({
    key: figure.sn,
    name: variables.find((variable) => variable.sn === figure.sn)?.name ?? figure.sn,
    unit: figure.unit,
    value: figure.value,
    datas: figure.datas,
    timeKeys: figure.time_keys,
  }));
}
