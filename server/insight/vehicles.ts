import type { Handler } from '../http/services';
import { allOf, countOf, countsBy } from '../projects/records';
import { formatLocal } from '../telemetry/calendar';

/** Days ahead in which a date falls due (an insurance to renew, an inspection, a service). */
export const DUE_DAYS = 30;

const HOME_ZONE = 'Asia/Shanghai';

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `GET /manager/vehicle/overview`: the tenant's vehicles at a glance — how many in all and in each
 * state, and how many of those not scrapped have their insurance, their inspection or their next
 * service due within 30 days (or overdue). A vehicle's next service is the one its latest
 * maintenance record names.
 */
export const getVehicleOverview: Handler = async (call) => {
  const today = formatLocal(Date.now(), HOME_ZONE, 'YYYY-MM-DD');
  const horizon = dayAfter(today, DUE_DAYS);
  const states = await countsBy(call, 'vehicle', 'status');
  const inService = [{ field: 'status', op: 'in' as const, value: ['idle', 'in_use', 'maintenance'] }];
  const dueBy = (field: string) => countOf(call, 'vehicle', [...inService, { field, op: 'lte', value: horizon }]);
  const vehicles = new Set((await allOf(call, 'vehicle', inService)).map((v) => v.id));
  const next = new Map<unknown, string>();
  for (const record of await allOf(call, 'vehicleMaintenance', [], 'maintenanceDate')) {
    if (typeof record.nextMaintenanceDate === 'string') next.set(record.vehicleId, record.nextMaintenanceDate);
    else next.delete(record.vehicleId);
  }
  return {
    total: [...states.values()].reduce((a, b) => a + b, 0),
    inUse: states.get('in_use') ?? 0,
    idle: states.get('idle') ?? 0,
    maintenance: states.get('maintenance') ?? 0,
    scrapped: states.get('scrapped') ?? 0,
    insuranceDue: await dueBy('insuranceExpireDate'),
    inspectionDue: await dueBy('inspectionExpireDate'),
    serviceDue: [...next].filter(([vehicle, day]) => vehicles.has(vehicle) && day <= horizon).length,
  };
};

/** The maintenance records of a year (`year`, this year by default). */
async function maintenanceOf(call: Parameters<Handler>[0]) {
  const year = typeof call.query.year === 'string' ? call.query.year : formatLocal(Date.now(), HOME_ZONE, 'YYYY');
  return allOf(call, 'vehicleMaintenance', [
    { field: 'maintenanceDate', op: 'gte', value: `${year}-01-01` },
    { field: 'maintenanceDate', op: 'lte', value: `${year}-12-31` },
  ]);
}

/** `GET /manager/vehiclemaintenance/yearFigures`: the year's maintenance records, their cost, and the vehicles serviced. */
export const getVehicleMaintenanceYear: Handler = async (call) => {
  const records = await maintenanceOf(call);
  const cost = records.reduce((sum, r) => sum + (typeof r.cost === 'number' ? r.cost : 0), 0);
  return { count: records.length, cost: Math.round(cost * 100) / 100, vehicles: new Set(records.map((r) => r.vehicleId)).size };
};

/** `GET /manager/vehiclemaintenance/yearByType`: the year's maintenance by kind: records and cost, largest cost first. */
export const getVehicleMaintenanceByType: Handler = async (call) => {
  const groups = new Map<string, { key: string; count: number; sum: number }>();
  for (const record of await maintenanceOf(call)) {
    const key = String(record.maintenanceType);
    const group = groups.get(key) ?? { key, count: 0, sum: 0 };
    group.count += 1;
    group.sum = Math.round((group.sum + (typeof record.cost === 'number' ? record.cost : 0)) * 100) / 100;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.sum - a.sum || a.key.localeCompare(b.key));
};
