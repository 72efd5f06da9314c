import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { bodyOf } from './records';

/** The power-quality limits a station is judged against. */
export interface QualityLimits {
  voltageUpper: number;
  voltageLower: number;
  frequencyDeviation: number;
  voltageThd: number;
  voltageUnbalance: number;
  currentUnbalance: number;
  flickerPlt: number;
  powerFactor: number;
}

/**
 * The GB/T limits of a voltage class (sources in docs/decisions.md): supply voltage deviation
 * GB/T 12325-2008 (±7 % at 20 kV and below; 35 kV and above a 10 % band, split evenly),
 * frequency GB/T 15945-2008 (±0.2 Hz), voltage THD GB/T 14549-1993 (5 % at 0.38 kV, 4 % at
 * 6-20 kV, 3 % at 35-66 kV, 2 % at 110 kV), unbalance GB/T 15543-2008 (2 %), flicker
 * GB/T 12326-2008 (Plt 1 up to 35 kV, 0.8 above); the power factor is the tariff's 0.9 and the
 * current unbalance, which no national standard limits, the platform's 15 %.
 */
export function defaultLimits(voltageClass: unknown): QualityLimits {
  const kv = Number.parseFloat(String(voltageClass ?? '10kV')) || 10;
  const band = kv >= 35 ? 5 : 7;
  const thd = kv <= 0.4 ? 5 : kv <= 20 ? 4 : kv <= 66 ? 3 : 2;
  return {
    voltageUpper: band,
    voltageLower: band,
    frequencyDeviation: 0.2,
    voltageThd: thd,
    voltageUnbalance: 2,
    currentUnbalance: 15,
    flickerPlt: kv > 35 ? 0.8 : 1,
    powerFactor: 0.9,
  };
}

async function storedOf(call: CallContext, stationId: number): Promise<EntityRecord | undefined> {
  const page = await call.services.repository.list(call.scope(), 'qualityThreshold', {
    filters: [{ field: 'stationId', op: 'eq', value: stationId }],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 1,
  });
  return page.records[0];
}

/** Stores the limits of a station: its saved line changed, or a new one. */
async function store(call: CallContext, station: EntityRecord, limits: EntityRecord): Promise<EntityRecord> {
  const { repository } = call.services;
  const stored = await storedOf(call, Number(station.id));
  const input = { ...limits, stationId: station.id };
  return stored
    ? repository.update(call.scope(), 'qualityThreshold', Number(stored.id), input)
    : repository.create(call.scope(), 'qualityThreshold', input);
}

/** The limits a station is judged by: its saved ones, else the defaults of its voltage class. */
export async function limitsOf(call: CallContext, station: EntityRecord): Promise<QualityLimits> {
  const stored = await storedOf(call, Number(station.id));
  return { ...defaultLimits(station.voltageClass), ...(stored as Partial<QualityLimits> | undefined) };
}

/** `getSetting/{id}` (the station's id): its saved limits, else the defaults of its voltage class (not saved). */
export const emsGetQualitySetting: Handler = async (call) => {
  const station = await call.services.repository.get(call.scope(), 'station', Number(call.params.id));
  const stored = await storedOf(call, Number(station.id));
  return stored ?? { stationId: station.id, stationName: station.name, ...defaultLimits(station.voltageClass) };
};

/** `reset/{id}`: the station's limits back to the defaults of its voltage class, saved. */
export const emsResetQualitySetting: Handler = async (call) => {
  const station = await call.services.repository.get(call.scope(), 'station', Number(call.params.id));
  return store(call, station, { ...defaultLimits(station.voltageClass) });
};

/**
 * `PUT qualitythresholdsetting`: saves the limits of the body's station (a limit left out takes its
 * default). With an id (the list's edit) it changes those limits, and a station that has limits of
 * its own already is refused (409, one set per station) rather than written over.
 */
export const emsSaveQualitySetting: Handler = async (call) => {
  const body = bodyOf(call);
  const station = await call.services.repository.get(call.scope(), 'station', Number(body.stationId));
  const { id, ...limits } = body;
  const values = { ...defaultLimits(station.voltageClass), ...limits };
  if (id === undefined) return store(call, station, values);
  return call.services.repository.update(call.scope(), 'qualityThreshold', Number(id), { ...values, stationId: station.id });
};
