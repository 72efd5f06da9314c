import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allRecords } from './records';

interface DeptNode {
  id: number;
  name: string;
  parentId?: number;
  leader?: string;
  sorting?: number;
  stations?: ReturnType<typeof stationOfDept>[];
  children: DeptNode[];
}

function stationOfDept(station: EntityRecord, dept: EntityRecord) {
  return {
    id: Number(station.id),
    sn: String(station.sn),
    name: String(station.name),
    stationType: String(station.stationType),
    deptId: Number(dept.id),
    deptName: String(dept.name),
  };
}

/** The ids of the stations a department owns. */
const stationIdsOf = (dept: EntityRecord) =>
  ((dept.stations as { stationId: number }[] | undefined) ?? []).map((s) => s.stationId);

/** The departments as a tree (by sorting), with the stations of each when asked. */
async function deptTree(call: CallContext, withStations: boolean): Promise<DeptNode[]> {
  const depts = await allRecords(call, 'emsDept', [], 'sorting');
  const stations = withStations ? new Map((await allRecords(call, 'station')).map((s) => [Number(s.id), s])) : new Map();
  const nodes = new Map<number, DeptNode>(
    depts.map((dept) => [
      Number(dept.id),
      {
        id: Number(dept.id),
        name: String(dept.name),
        ...(dept.parentId !== undefined ? { parentId: Number(dept.parentId) } : {}),
        ...(typeof dept.leader === 'string' ? { leader: dept.leader } : {}),
        ...(dept.sorting !== undefined ? { sorting: Number(dept.sorting) } : {}),
        ...(withStations
          ? {
              stations: stationIdsOf(dept).flatMap((id) => {
                const station = stations.get(id) as EntityRecord | undefined;
                return station ? [stationOfDept(station, dept)] : [];
              }),
            }
          : {}),
        children: [],
      },
    ]),
  );
  const roots: DeptNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === undefined ? undefined : nodes.get(node.parentId);
    // A department whose parent is gone (or is itself, through a cycle) shows at the top.
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** `GET admin/dept/treeManager`. */
export const emsDeptTree: Handler = (call) => deptTree(call, false);

/** `GET admin/deptStation/treeStation`. */
export const deptStationTree: Handler = (call) => deptTree(call, true);

/** `GET admin/deptStation/listStation`: the stations of a department and those under it (of all when no deptId). */
export const deptStations: Handler = async (call) => {
  const deptId = call.query.deptId as number | undefined;
  const roots = await deptTree(call, true);
  const flatten = (nodes: DeptNode[]): DeptNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  const find = (nodes: DeptNode[]): DeptNode | undefined => flatten(nodes).find((node) => node.id === deptId);
  if (deptId === undefined) return flatten(roots).flatMap((node) => node.stations ?? []);
  const dept = find(roots);
  if (!dept) await call.services.repository.get(call.scope(), 'emsDept', deptId);
  return dept ? flatten([dept]).flatMap((node) => node.stations ?? []) : [];
};

/** `POST energy/energylabel/change_alarm_switcher`: opens (type 1) or closes (type 0) a label's alarm switch. */
export const changeLabelAlarmSwitcher: Handler = (call) =>
  call.services.repository.patch(call.scope(), 'energyLabel', Number(call.query.id), {
    alarmSwitch: Number(call.query.type) === 1,
  });

/**
 * `POST device/monitorroute/notifiy_update`: the station's configuration changed outside the
 * platform's own calls; the tenant's copy of stations, devices and variables is dropped, so the
 * next data call reads them again.
 */
export const notifiyUpdate: Handler = async (call) => {
  const scope = call.scope();
  const station = await call.services.repository.get(scope, 'station', Number(call.query.parent_index));
  call.services.telemetry.catalog.invalidate(scope.tenantId);
  return {
    action: String(call.query.action),
    parentIndex: Number(station.id),
    type: String(call.query.type),
    stationSn: String(station.sn),
    noticeTime: new Date().toISOString(),
  };
};

/** The named handlers of the alarm configuration, by their `x-handler` name. */
export const alarmConfigHandlers: Record<string, Handler> = {
  emsDeptTree,
  deptStationTree,
  deptStations,
  changeLabelAlarmSwitcher,
  notifiyUpdate,
};
