import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { allOf, eq } from '../projects/records';

/**
 * The stations of the signed-in user: those run by a department the user's employee record works
 * in (`station.deptId` among the employee's departments). A user without an employee record or
 * departments has none.
 */
export async function myStations(call: CallContext): Promise<EntityRecord[]> {
  const [employee] = await allOf(call, 'user', [eq('userId', call.scope().userId)]);
  const departments = ((employee?.departments ?? []) as { departmentId?: number }[])
    .map((entry) => entry.departmentId)
    .filter((id): id is number => typeof id === 'number');
  if (departments.length === 0) return [];
  return allOf(call, 'station', [{ field: 'deptId', op: 'in', value: departments }], 'sn');
}

/** The stations a figure covers: the one `stationSn` names (404 when not the tenant's), else the user's or all. */
export async function stationsCovered(call: CallContext): Promise<EntityRecord[]> {
  const { stationSn, mine } = call.query as { stationSn?: string; mine?: boolean };
  const stations = mine ? await myStations(call) : await allOf(call, 'station', [], 'sn');
  if (!stationSn) return stations;
  const station = await call.services.repository.findBy(call.scope(), 'station', 'sn', stationSn);
  // A station of the tenant that is not the user's is outside a "mine" figure: it covers nothing.
  return stations.some((entry) => entry.id === station.id) ? [station] : [];
}
