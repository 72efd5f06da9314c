/** A device as the device calls answer it: its kind, its station and whether it communicates. */
export interface CountedDevice {
  kind: string;
  status: number;
}

export interface KindCount {
  kind: string;
  total: number;
  online: number;
  offline: number;
}

/**
 * Devices counted in all and by kind (in the order of `kinds`, kinds without devices left out),
 * online being a sample within the last three minutes as the server judges it.
 */
export function countDevices(devices: CountedDevice[], kinds: readonly string[]): { all: KindCount; byKind: KindCount[] } {
  const count = (list: CountedDevice[], kind: string): KindCount => {
    const online = list.filter((d) => d.status === 1).length;
    return { kind, total: list.length, online, offline: list.length - online };
  };
  return {
    all: count(devices, 'all'),
    byKind: kinds
      .map((kind) =>
        count(
          devices.filter((d) => d.kind === kind),
          kind,
        ),
      )
      .filter((c) => c.total > 0),
  };
}
