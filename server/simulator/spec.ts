import { DEVICES, type StationSpec, type StationType } from './topology';

/** A number from a serial number, so that each station has its own weather and outages. */
function seedOf(sn: string): number {
  let hash = 2_166_136_261;
  for (const char of sn) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

/** The model's view of a station record: its place, size and zone, and the devices of its type as the demo makes them. */
export function stationSpec(station: Record<string, unknown>): StationSpec {
  const type = String(station.stationType) as StationType;
  return {
    sn: String(station.sn),
    type,
    latitude: Number(station.latitude ?? 31.2),
    longitude: Number(station.longitude ?? 121.5),
    capacity: Number(station.capacity ?? 1000),
    zone: typeof station.timeZone === 'string' ? station.timeZone : 'Asia/Shanghai',
    seed: seedOf(String(station.sn)),
    devices: DEVICES[type] ?? [],
  };
}
