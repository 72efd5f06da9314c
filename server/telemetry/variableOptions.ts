import type { Handler } from '../http/services';
import { catalogOf, stationsOf } from './lookup';
import type { CatalogVariable } from './catalog';

/** At most this many variables answer a picker's search. */
const LIMIT = 20;

/**
 * `GET monitordevicevar/options`: the tenant's variables for a picker, each named by its station,
 * its device and itself ("T2 Hangzhou / 1# PCS / SOC"): the same name ("SOC") recurs on every
 * battery. A text narrows them to those whose name or code contains it, in any of the three parts;
 * an id answers that variable alone.
 */
export const deviceVariableOptions: Handler = async (call) => {
  const catalog = await catalogOf(call);
  const stationName = new Map((await stationsOf(call)).map((station) => [Number(station.id), String(station.name)]));
  const named = (variable: CatalogVariable) =>
    `${stationName.get(variable.stationId) ?? variable.stationSn} / ${variable.deviceName} / ${variable.name}`;
  const { id, name } = call.query as { id?: number; name?: string };
  const text = name?.trim().toLowerCase();
  const found = [...catalog.byId.values()].filter(
    (variable) =>
      (id === undefined || variable.id === id) &&
      (!text || named(variable).toLowerCase().includes(text) || (variable.code ?? '').toLowerCase().includes(text)),
  );
  return found
    .map((variable) => ({ id: variable.id, name: named(variable) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh'))
    .slice(0, LIMIT);
};
