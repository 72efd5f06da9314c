import type { TenantScope } from '../auth/context';
import { allRecords } from '../emsdevices/records';
import type { Services } from '../http/services';
import type { DemoStation } from './stations';

/**
 * Three mobile storage units of a demo tenant: one deployed at its storage station reporting
 * through that station's BMS, one on the road on the engineering vehicle, one parked.
 */
export async function seedMobileStorage(services: Services, scope: TenantScope, stations: DemoStation[]): Promise<void> {
  const { repository } = services;
  const storage = stations.find((station) => station.type === 'storage');
  const station = storage ? await repository.findBy(scope, 'station', 'sn', storage.sn) : undefined;
  const bms = station
    ? (await allRecords(services, scope, 'device', 'id')).find((d) => d.stationId === station.id && d.kind === 'bms')
    : undefined;
  const vehicles = await allRecords(services, scope, 'vehicle', 'id');
  const truck = vehicles.find((v) => v.vehicleType === 'engineering') ?? vehicles[0];
  const prefix = `MS-T${scope.tenantId}`;
  await repository.create(scope, 'mobileStorage', {
    name: '移动储能车 1 号',
    sn: `${prefix}-01`,
    capacity: 500,
    ratedPower: 250,
    state: station ? 'deployed' : 'available',
    ...(station ? { stationId: station.id } : {}),
    ...(bms ? { batteryDeviceId: bms.id } : {}),
    remark: '削峰保供，接入 1# 快速接入箱',
  });
  await repository.create(scope, 'mobileStorage', {
    name: '移动储能车 2 号',
    sn: `${prefix}-02`,
    capacity: 1000,
    ratedPower: 500,
    state: 'in_transit',
    ...(truck ? { vehicleId: truck.id } : {}),
    remark: '调往客户现场应急保电',
  });
  await repository.create(scope, 'mobileStorage', {
    name: '移动储能拖车 3 号',
    sn: `${prefix}-03`,
    capacity: 215,
    ratedPower: 100,
    state: 'available',
  });
}
