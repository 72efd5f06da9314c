import type { FieldProps } from '@rjsf/utils';
import { Cascader, Form } from 'antd';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceVarLabel, variableLabel } from '../../charts/seriesName';
import { useRuntime } from '../../RuntimeContext';
import { ItemContentContext } from '../ItemContentContext';

interface Option {
  value: string;
  label: string;
  /** A variable's code, which a search matches as well as the names. */
  code?: string;
  isLeaf?: boolean;
  children?: Option[];
}

/** The most stations whose names a search matches that have their variables loaded for it. */
const MOST_SEARCHED_STATIONS = 3;
/** How long typing rests before a search loads what it needs (ms). */
const SEARCH_REST_MS = 200;

/** Whether an entry of the cascader's path matches a search: a name or code containing the text, any case. */
function matchesSearch(text: string, path: { label?: unknown; code?: string; value?: unknown }[]): boolean {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return true;
  return path.some((option) =>
    [option.label, option.code, option.value].some((field) => typeof field === 'string' && field.toLowerCase().includes(wanted)),
  );
}

interface DeviceVarValue {
  deviceSn?: string;
  varSn?: string;
}

/** The options of a level below, by the station or device they belong to. */
type Loaded = Record<string, Option[]>;

const variableOption = (variable: { sn: string; code?: string; name: string; unit: string }): Option => ({
  value: variable.sn,
  label: variableLabel(variable),
  code: variable.code,
  isLeaf: true,
});

/**
 * The device-variable cascader: station, then device, then variable, each level loaded from the
 * server when opened. The dashboard's station (`formContext.stationSn`) comes first and is
 * opened with the stored device, so a stored choice shows its names; in an item of a list, those
 * names title the item. Typing searches station, device and variable names and variable codes:
 * the dashboard's station and the stations whose names hold the text have every variable loaded
 * for it (two calls a station), so one word and one click pick a variable. A level that fails to
 * load says so under the field and is asked for again when opened again.
 */
export function DeviceVarField({ formData, onChange, disabled, readonly, registry, uiSchema, fieldPathId }: FieldProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [stations, setStations] = useState<Option[]>();
  const [devices, setDevices] = useState<Loaded>({});
  const [variables, setVariables] = useState<Loaded>({});
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const value = (formData ?? {}) as DeviceVarValue;
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;

  const devicesOf = useCallback(
    async (sn: string): Promise<Option[]> =>
      (await api.call('getDevicesByStation', { params: { stationSn: sn } }, { silent: true })).map((device) => ({
        value: device.sn,
        label: device.name,
        isLeaf: false,
      })),
    [api],
  );
  const variablesOf = useCallback(
    async (deviceSn: string): Promise<Option[]> =>
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
  const [search, setSearch] = useState('');

  useEffect(() => {
    let live = true;
    void (async () => {
      const list = await api.call('listStations', {}, { silent: true });
      const ordered = [...list].sort((a, b) => Number(b.sn === stationSn) - Number(a.sn === stationSn));
      const own = ordered.some((station) => station.sn === stationSn) ? stationSn : undefined;
      const ownDevices = own ? await devicesOf(own) : undefined;
      const storedDevice = ownDevices?.find((device) => device.value === value.deviceSn)?.value;
      const storedVariables = storedDevice ? await variablesOf(storedDevice) : undefined;
      if (!live) return;
      setStations(ordered.map((station) => ({ value: String(station.sn), label: String(station.name), isLeaf: false })));
      if (own && ownDevices) setDevices((loaded) => ({ ...loaded, [own]: ownDevices }));
      if (storedDevice && storedVariables) setVariables((loaded) => ({ ...loaded, [storedDevice]: storedVariables }));
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

  const loadData = (path: Option[]) => {
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
  };

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

  const stationOf = (deviceSn: string | undefined) =>
    Object.keys(devices).find((station) => devices[station]?.some((device) => device.value === deviceSn)) ?? stationSn;
  const selected = value.deviceSn && value.varSn ? [stationOf(value.deviceSn) ?? '', value.deviceSn, value.varSn] : [];
  const device = options.find((station) => station.value === selected[0])?.children?.find((item) => item.value === selected[1]);
  const variable = device?.children?.find((item) => item.value === selected[2]);
  const shown = device && variable ? deviceVarLabel(device.label, variable.label) : undefined;
  const tell = useContext(ItemContentContext);
  useEffect(() => {
    tell(shown);
    return () => tell(undefined);
  }, [tell, shown]);
  // A list of bare variables names none of its entries: each is a device variable.
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? t('widgets.common.deviceVariable');
  const id = fieldPathId.$id;
  return (
    <Form.Item
      label={title}
      htmlFor={id}
      style={{ marginBottom: 12 }}
      {...(failed ? { validateStatus: 'error' as const, help: t('widgets.common.failed') } : {})}
    >
      <Cascader
        id={id}
        aria-label={title}
        options={options}
        loadData={(path) => loadData(path as Option[])}
        value={selected}
        disabled={disabled || readonly}
        placeholder={t('widgets.common.chooseVariable')}
        changeOnSelect={false}
        showSearch={{
          filter: (text, path) => matchesSearch(text, path as Option[]),
          onSearch: setSearch,
          limit: 50,
        }}
        displayRender={(labels) => deviceVarLabel(String(labels[1] ?? ''), String(labels[2] ?? ''))}
        onOpenChange={(open) => {
          if (open && failed && !stations) setAttempt((count) => count + 1);
        }}
        onChange={(path) => {
          const [, deviceSn, varSn] = (path ?? []) as string[];
          onChange(deviceSn && varSn ? { deviceSn, varSn } : undefined, fieldPathId.path);
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
