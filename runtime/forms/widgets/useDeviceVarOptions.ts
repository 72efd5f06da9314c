import { useCallback, useEffect, useMemo, useState } from 'react';
import { variableLabel } from '../../charts/seriesName';
import { useRuntime } from '../../RuntimeContext';

/** An entry of the station › device › variable cascader. */
export interface DeviceVarOption {
  value: string;
  label: string;
  /** A variable's code, which a search matches as well as the names. */
  code?: string;
  isLeaf?: boolean;
  children?: DeviceVarOption[];
}

/** The most stations whose names a search matches that have their variables loaded for it. */
const MOST_SEARCHED_STATIONS = 3;
/** How long typing rests before a search loads what it needs (ms). */
const SEARCH_REST_MS = 200;

/** Whether an entry of the cascader's path matches a search: a name or code containing the text, any case. */
export function matchesSearch(text: string, path: { label?: unknown; code?: string; value?: unknown }[]): boolean {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return true;
  return path.some((option) =>
    [option.label, option.code, option.value].some((field) => typeof field === 'string' && field.toLowerCase().includes(wanted)),
  );
}

/** The options of a level below, by the station or device they belong to. */
type Loaded = Record<string, DeviceVarOption[]>;

const variableOption = (variable: { sn: string; code?: string; name: string; unit: string }): DeviceVarOption => ({
  value: variable.sn,
  label: variableLabel(variable),
  code: variable.code,
  isLeaf: true,
});

export interface DeviceVarOptionsResult {
  /** The stations, each with what has loaded below it. */
  options: DeviceVarOption[];
  /** Loads the level below the path's last entry (the cascader's `loadData`). */
  loadData(path: DeviceVarOption[]): void;
  /** The text typed (the cascader's `showSearch.onSearch`). */
  onSearch(text: string): void;
  /** The cascader opened or closed: a station list that failed is asked for again. */
  onOpenChange(open: boolean): void;
  /** Whether the last load failed. */
  failed: boolean;
  /** The station a loaded device belongs to, else the dashboard's. */
  stationOf(deviceSn: string | undefined): string | undefined;
}

/**
 * What the device-variable pickers show: stations, then devices, then variables, each level loaded
 * from the server when opened. The dashboard's station (`stationSn`) comes first, with its devices
 * and those of `storedDeviceSns` loaded at once, so stored choices show their names. Typed text
 * (`onSearch`) loads every variable of the dashboard's station and of the stations whose names hold
 * it (two calls a station), so one word finds a variable anywhere there. A level that fails to load
 * is reported (`failed`) and asked for again when opened again.
 */
export function useDeviceVarOptions(
  stationSn: string | undefined,
  storedDeviceSns: readonly string[] = [],
): DeviceVarOptionsResult {
  const { api } = useRuntime();
  const [stations, setStations] = useState<DeviceVarOption[]>();
  const [devices, setDevices] = useState<Loaded>({});
  const [variables, setVariables] = useState<Loaded>({});
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState('');

  const devicesOf = useCallback(
    async (sn: string): Promise<DeviceVarOption[]> =>
      (await api.call('getDevicesByStation', { params: { stationSn: sn } }, { silent: true })).map((device) => ({
        value: device.sn,
        label: device.name,
        isLeaf: false,
      })),
    [api],
  );
  const variablesOf = useCallback(
    async (deviceSn: string): Promise<DeviceVarOption[]> =>
      (await api.call('getVarsOfDevice', { params: { deviceSn } }, { silent: true })).map(variableOption),
    [api],
  );
  /** Every variable of a station's devices, by device, in one call. */
  const stationVariables = useCallback(
    async (deviceSns: string[]): Promise<Loaded> => {
      const loaded: Loaded = Object.fromEntries(deviceSns.map((sn) => [sn, []]));
      if (!deviceSns.length) return loaded;
      for (const variable of await api.call('getDeviceVars', { body: { deviceSns: deviceSns.join(',') } }, { silent: true }))
        loaded[variable.deviceSn]?.push(variableOption(variable));
      return loaded;
    },
    [api],
  );

  useEffect(() => {
    let live = true;
    void (async () => {
      const list = await api.call('listStations', {}, { silent: true });
      const ordered = [...list].sort((a, b) => Number(b.sn === stationSn) - Number(a.sn === stationSn));
      const own = ordered.some((station) => station.sn === stationSn) ? stationSn : undefined;
      const ownDevices = own ? await devicesOf(own) : undefined;
      const stored = (ownDevices ?? []).filter((device) => storedDeviceSns.includes(device.value)).map((device) => device.value);
      const first = stored[0];
      // One stored device's variables by their own call; several stored devices' in one call.
      const storedVariables: Loaded =
        stored.length > 1 ? await stationVariables(stored) : first ? { [first]: await variablesOf(first) } : {};
      if (!live) return;
      setStations(ordered.map((station) => ({ value: String(station.sn), label: String(station.name), isLeaf: false })));
      if (own && ownDevices) setDevices((loaded) => ({ ...loaded, [own]: ownDevices }));
      setVariables((loaded) => ({ ...loaded, ...storedVariables }));
      setFailed(false);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // Loaded once per dialog (again after a failure); later levels load as they are opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, stationSn, attempt]);

  // Built afresh from what has loaded, so a level that arrives late cannot land in a discarded tree.
  const options = useMemo(
    () =>
      (stations ?? []).map((station) => ({
        ...station,
        children: devices[station.value]?.map((device) => ({ ...device, children: variables[device.value] })),
      })),
    [stations, devices, variables],
  );

  const loadData = useCallback(
    (path: DeviceVarOption[]) => {
      const target = path.at(-1);
      if (!target) return;
      const [load, store] = path.length === 1 ? [devicesOf, setDevices] : [variablesOf, setVariables];
      load(target.value).then(
        (list) => {
          store((loaded) => ({ ...loaded, [target.value]: list }));
          setFailed(false);
        },
        () => {
          // An empty level ends the spinner; the level is not a leaf, so opening it again asks again.
          store((loaded) => ({ ...loaded, [target.value]: [] }));
          setFailed(true);
        },
      );
    },
    [devicesOf, variablesOf],
  );

  useEffect(() => {
    const text = search.trim().toLowerCase();
    if (!text || !stations) return;
    const wanted = stations
      .filter((station) => station.value === stationSn || station.label.toLowerCase().includes(text))
      .slice(0, MOST_SEARCHED_STATIONS + 1);
    const timer = setTimeout(() => {
      for (const station of wanted) {
        const known = devices[station.value];
        if (known && known.every((device) => variables[device.value])) continue;
        void (async () => {
          const list = known ?? (await devicesOf(station.value));
          const loaded = await stationVariables(list.map((device) => device.value));
          setDevices((current) => ({ ...current, [station.value]: list }));
          setVariables((current) => ({ ...loaded, ...current }));
        })().catch(() => setFailed(true));
      }
    }, SEARCH_REST_MS);
    return () => clearTimeout(timer);
  }, [search, stations, stationSn, devices, variables, devicesOf, stationVariables]);

  const stationOf = useCallback(
    (deviceSn: string | undefined) =>
      Object.keys(devices).find((station) => devices[station]?.some((device) => device.value === deviceSn)) ?? stationSn,
    [devices, stationSn],
  );
  const onOpenChange = useCallback(
    (open: boolean) => {
      if (open && failed && !stations) setAttempt((count) => count + 1);
    },
    [failed, stations],
  );
  return { options, loadData, onSearch: setSearch, onOpenChange, failed, stationOf };
}
