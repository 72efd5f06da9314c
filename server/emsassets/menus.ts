import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';
import { stationOf } from '../telemetry/lookup';
import { allRecords, equals } from './records';

/** The EMS screens a station may show, grouped as the EMS menu shows them, with their routes. */
export const EMS_MENU: { key: string; screens: { key: string; path: string }[] }[] = [
  {
    key: 'monitor',
    screens: [
      { key: 'dashboard', path: '/main/ems/map/monitor/dashboard' },
      { key: 'topology', path: '/main/ems/map/monitor/topology' },
      { key: 'equipment', path: '/main/ems/map/monitor/equipment' },
      { key: 'video', path: '/main/ems/map/monitor/video' },
      { key: 'dataLine', path: '/main/ems/map/monitor/dataLine' },
      { key: 'dataReport', path: '/main/ems/map/monitor/dataReport' },
    ],
  },
  {
    key: 'energy',
    screens: [
      { key: 'energyManagement', path: '/main/ems/map/energy/management' },
      { key: 'energyComparison', path: '/main/ems/map/energy/comparison' },
      { key: 'energyReport', path: '/main/ems/map/energy/report' },
      { key: 'electricCost', path: '/main/ems/map/energy/electricCost' },
    ],
  },
  {
    key: 'storage',
    screens: [
      { key: 'storageView', path: '/main/ems/map/storageOverview/storageView' },
      { key: 'incomeView', path: '/main/ems/map/storageOverview/incomeView' },
      { key: 'strategyConf', path: '/main/ems/map/storeEnergy/strategyConf' },
      { key: 'strategyRecord', path: '/main/ems/map/storeEnergy/strategyRecord' },
    ],
  },
  {
    key: 'warning',
    screens: [
      { key: 'warningRecord', path: '/main/ems/map/warning/record' },
      { key: 'warningType', path: '/main/ems/map/warning/type' },
      { key: 'warningTrigger', path: '/main/ems/map/warning/trigger' },
      { key: 'warningRule', path: '/main/ems/map/warning/rule' },
    ],
  },
  {
    key: 'operation',
    screens: [
      { key: 'maintenance', path: '/main/ems/map/maintenance' },
      { key: 'securityManage', path: '/main/ems/map/securityManage' },
    ],
  },
  {
    key: 'configuration',
    screens: [
      { key: 'basicInfo', path: '/main/ems/map/configuration/basicInfo' },
      { key: 'siteTopo', path: '/main/ems/map/configuration/siteTopo' },
      { key: 'meterInfo', path: '/main/ems/map/configuration/meterInfo' },
      { key: 'electricityPrice', path: '/main/ems/map/configuration/electricityPrice' },
    ],
  },
];

/** The newest EMS menu configuration of each station of the tenant, by station id. */
async function configurations(call: CallContext, stationId?: unknown): Promise<Map<number, EntityRecord>> {
  const records = await allRecords(call, 'emsMenu', stationId === undefined ? [] : [equals('stationId', stationId)]);
  // Ascending ids: a later configuration of the same station replaces an earlier one.
  return new Map(records.map((record) => [Number(record.stationId), record]));
}

/** The keys of the screens a station shows: its configuration's, or every screen when it has none. */
async function shownAt(call: CallContext, stationSn: string): Promise<Set<string> | undefined> {
  const station = await stationOf(call, stationSn);
  const configuration = (await configurations(call, station.id)).get(Number(station.id));
  return configuration ? new Set(configuration.menus as string[]) : undefined;
}

function tree(call: CallContext, shown: Set<string> | undefined, onlyShown: boolean) {
  const isShown = (key: string) => !shown || shown.has(key);
  return EMS_MENU.map((group) => {
    const screens = group.screens
      .filter((screen) => !onlyShown || isShown(screen.key))
      .map((screen) => ({
        key: screen.key,
        name: call.t(`enums.emsAssetMenuKey.${screen.key}`),
        path: screen.path,
        ...(onlyShown ? {} : { checked: isShown(screen.key) }),
      }));
    return {
      key: group.key,
      name: call.t(`enums.emsAssetMenuGroup.${group.key}`),
      ...(onlyShown ? {} : { checked: screens.every((screen) => screen.checked) }),
      children: screens,
    };
  }).filter((group) => group.children.length > 0);
}

/** `GET executeems/getSiteEmsMenu`: the screens the station shows, in menu order. */
export const siteEmsMenu: Handler = async (call) =>
  tree(call, await shownAt(call, String(call.query.stationSn)), true).flatMap((group) => group.children);

/** `GET executeems/getSiteEmsMenuNew`: the same, grouped. */
export const siteEmsMenuNew: Handler = async (call) => tree(call, await shownAt(call, String(call.query.stationSn)), true);

/** `POST executeemsmenu/getSiteEmsMenuTree`: every screen, checked when the station shows it. */
export const siteEmsMenuTree: Handler = async (call) =>
  tree(call, await shownAt(call, (call.body as { stationSn: string }).stationSn), false);

/** `POST executeemsmenu/menu`: every screen a station may show. */
export const emsMenuCatalogue: Handler = (call) => Promise.resolve(tree(call, undefined, true));

/** `PUT executeemsmenu/siteEmsMenu`: replaces the station's configuration (created on its first save). */
export const saveSiteEmsMenu: Handler = async (call) => {
  const { stationSn, menus } = call.body as { stationSn: string; menus: string[] };
  const station = await stationOf(call, stationSn);
  const existing = (await configurations(call, station.id)).get(Number(station.id));
  const { repository } = call.services;
  const record = { stationId: Number(station.id), menus, ...(existing?.remark ? { remark: existing.remark } : {}) };
  return existing
    ? repository.update(call.scope(), 'emsMenu', Number(existing.id), record)
    : repository.create(call.scope(), 'emsMenu', record);
};

/** The stations of the tenant as the execution lists show them: linked when they have an EMS menu configuration. */
async function sites(call: CallContext) {
  const linked = await configurations(call);
  const observers = await allRecords(call, 'emsObserver');
  const stations = await allRecords(call, 'station', [], 'name');
  return stations.map((station) => ({
    id: Number(station.id),
    sn: String(station.sn),
    name: String(station.name),
    stationType: String(station.stationType),
    ...(typeof station.address === 'string' ? { address: station.address } : {}),
    linked: linked.has(Number(station.id)),
    observers: observers.filter((observer) => observer.stationId === station.id).length,
  }));
}

/** `GET executeems/getEmsStationIds`: ids of the stations linked to the EMS execution. */
export const emsStationIds: Handler = async (call) => [...(await configurations(call)).keys()].sort((a, b) => a - b);

/** `POST executeems/getEmsExecuteSiteIds`: a page of the tenant's stations (the platform refuses a foreign tenantId with 403). */
export const emsExecuteSites: Handler = async (call) => {
  const { current, size } = call.query as { current: number; size: number };
  const { name, stationType } = (call.body ?? {}) as { name?: string; stationType?: string };
  const all = (await sites(call)).filter(
    (site) =>
      (!name || site.name.toLowerCase().includes(name.toLowerCase())) && (!stationType || site.stationType === stationType),
  );
  return { records: all.slice((current - 1) * size, current * size), total: all.length, current, size };
};

/** `POST executeems/getShushiLinkedStation`: the tenant's stations with whether each is linked. */
export const linkedStations: Handler = async (call) => {
  const { linked } = (call.body ?? {}) as { linked?: boolean };
  return (await sites(call)).filter((site) => linked === undefined || site.linked === linked);
};

/** `GET executeems/stationPage`: a page of the tenant's stations, by name, serial number or kind. */
export const emsStationPage: Handler = async (call) => {
  const { current, size, sortField, sortOrder, name, sn, stationType } = call.query as {
    current: number;
    size: number;
    sortField?: string;
    sortOrder?: 'asc' | 'desc';
    name?: string;
    sn?: string;
    stationType?: string;
  };
  const filters: Filter[] = [
    ...(name ? [{ field: 'name', op: 'contains' as const, value: name }] : []),
    ...(sn ? [{ field: 'sn', op: 'contains' as const, value: sn }] : []),
    ...(stationType ? [equals('stationType', stationType)] : []),
  ];
  const page = await call.services.repository.list(call.scope(), 'station', {
    filters,
    sortField: sortField ?? 'name',
    sortOrder: sortOrder ?? 'asc',
    current,
    size,
  });
  return { ...page, current, size };
};

/** The named handlers of EMS execution and menus, by their `x-handler` name. */
export const menuHandlers: Record<string, Handler> = {
  siteEmsMenu,
  siteEmsMenuNew,
  siteEmsMenuTree,
  emsMenuCatalogue,
  saveSiteEmsMenu,
  emsStationIds,
  emsExecuteSites,
  linkedStations,
  emsStationPage,
};
