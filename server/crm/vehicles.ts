import type { Handler } from '../http/services';

/** A vehicle located within this long counts as online. */
const ONLINE_MS = 10 * 60 * 1000;

/** `GET vehicle/getRealTimeVehicle`: the last position of each vehicle in service, by name. */
export const realTimeVehicles: Handler = async (call) => {
  const scope = call.scope();
  const status = call.query.status as string | undefined;
  const { repository } = call.services;
  const now = Date.now();
  const positions: Record<string, unknown>[] = [];
  const query = {
    filters: status ? [{ field: 'status', op: 'eq' as const, value: status }] : [],
    sortField: 'name',
    sortOrder: 'asc' as const,
  };
  for await (const records of repository.each(scope, 'vehicle', query)) {
    for (const vehicle of records) {
      if (vehicle.status === 'scrapped') continue;
      const locateTime = typeof vehicle.locateTime === 'string' ? vehicle.locateTime : null;
      positions.push({
        id: vehicle.id,
        name: vehicle.name,
        plateNumber: vehicle.plateNumber,
        status: vehicle.status ?? 'idle',
        driverName: vehicle.driverName ?? null,
        longitude: vehicle.longitude ?? null,
        latitude: vehicle.latitude ?? null,
        speed: vehicle.speed ?? null,
        locateTime,
        online: locateTime !== null && now - Date.parse(locateTime) <= ONLINE_MS,
      });
    }
  }
  return positions;
};

export const vehicleHandlers: Record<string, Handler> = {
  crmRealTimeVehicles: realTimeVehicles,
};
