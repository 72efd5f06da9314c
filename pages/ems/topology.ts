/** The parts of a station its devices hang in, from the grid inwards. */
export const PARTS = {
  grid: ['meter', 'transformer'],
  storage: ['pcs', 'bms', 'batteryCluster'],
  photovoltaic: ['pvInverter'],
  auxiliary: ['emsController', 'airConditioner', 'camera'],
} as const;

export type Part = keyof typeof PARTS;

export interface TopologyDevice {
  sn: string;
  name: string;
  kind: string;
  status: number;
}

/** A part of the station with its devices, kind by kind in the part's order. */
export interface TopologyPart<T extends TopologyDevice> {
  part: Part | 'other';
  devices: T[];
}

/**
 * How a station's devices hang together: the grid connection (meters, transformers), the storage
 * system (converters, battery management, clusters), photovoltaics and the auxiliaries, each part
 * with its devices in that order; a kind no part names goes to 'other'. Parts without devices are
 * left out.
 */
export function topologyOf<T extends TopologyDevice>(devices: T[]): TopologyPart<T>[] {
  const named = new Set<string>(Object.values(PARTS).flat());
  const parts: TopologyPart<T>[] = (Object.entries(PARTS) as [Part, readonly string[]][]).map(([part, kinds]) => ({
    part,
    devices: kinds.flatMap((kind) => devices.filter((d) => d.kind === kind)),
  }));
  parts.push({ part: 'other', devices: devices.filter((d) => !named.has(d.kind)) });
  return parts.filter((p) => p.devices.length > 0);
}
