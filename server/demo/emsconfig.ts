import type { TenantScope } from '../auth/context';
import { priceCharge } from '../emsdevices/chargeDeals';
import type { Services } from '../http/services';
import { DEMO_SETTLEMENT_PRICE, type TariffPeriod } from '../telemetry/tariff';
import type { DemoStation } from './stations';

const HOUR = 3_600_000;
const SETTLEMENT: TariffPeriod[] = [{ startTime: '00:00', endTime: '24:00', period: 'flat', price: DEMO_SETTLEMENT_PRICE }];

/** Who is told of a storage station's alarms (the others have one duty number). */
const PHONES = [
  { name: '值班员 王工', phone: '13800138000', minLevel: 'major' },
  { name: '运维主管 李工', phone: '13911112222', minLevel: 'critical' },
  { name: '站内值班室', phone: '021-58880001', minLevel: 'minor', enabled: false },
];

/** Quick-connect boxes of a storage station, in each state but fault. */
const BOXES = [
  {
    key: 'QB1',
    name: '1# 快速接入箱',
    location: '北门配电室外',
    ratedCurrent: 400,
    state: 'connected',
    connectedTo: '沪A·D12345 移动储能车',
  },
  { key: 'QB2', name: '2# 快速接入箱', location: '储能舱东侧', ratedCurrent: 630, state: 'idle' },
  { key: 'QB3', name: '3# 快速接入箱', location: '停车场南侧', ratedCurrent: 250, state: 'maintenance' },
];

/**
 * Alarm phones, local controllers, quick-connect boxes, charging transactions and the energy
 * settings of the first (storage) station of a demo tenant.
 */
export async function seedEmsConfig(services: Services, scope: TenantScope, stations: DemoStation[]): Promise<void> {
  const { repository } = services;
  const now = Date.now();
  for (const [index, demo] of stations.entries()) {
    const station = await repository.findBy(scope, 'station', 'sn', demo.sn);
    const stationId = station.id;
    const storage = demo.type === 'storage';
    for (const phone of storage ? PHONES : PHONES.slice(0, 1))
      await repository.create(scope, 'alarmPhone', { stationId, enabled: true, ...phone });
    await repository.create(scope, 'localController', {
      stationId,
      name: `${demo.name} 本地控制器`,
      host: `192.168.${index + 1}.10`,
      port: demo.type === 'photovoltaic' ? 2404 : 502,
      protocol: demo.type === 'photovoltaic' ? 'iec104' : 'modbusTcp',
      pollingInterval: 5,
      enabled: true,
    });
    if (!storage) continue;
    for (const { key, ...box } of BOXES)
      await repository.create(scope, 'quickBox', { sn: `${demo.sn}-${key}`, stationId, ...box });
    // A charge or two a day over the last ten days, each 40 minutes to 2 hours.
    for (let i = 0; i < 12; i += 1) {
      const start = Math.floor((now - (10 - i * 0.8) * 24 * HOUR) / 60_000) * 60_000;
      const end = start + (40 + ((i * 37) % 80)) * 60_000;
      const energy = Math.round((18 + ((i * 53) % 47) + ((i * 7) % 10) / 10) * 10) / 10;
      const amount = priceCharge(SETTLEMENT, start, end, energy, String(station.timeZone ?? 'Asia/Shanghai'));
      await repository.create(
        scope,
        'chargeDeal',
        {
          orderNo: `${demo.sn}-CD${String(i + 1).padStart(4, '0')}`,
          stationId,
          pileName: `${(i % 2) + 1}# 充电桩 ${i % 3 === 0 ? 'B' : 'A'} 枪`,
          ...(i % 4 === 3 ? {} : { vehicle: `沪A·D${String(10000 + i * 1373).slice(0, 5)}` }),
          startTime: new Date(start).toISOString(),
          endTime: new Date(end).toISOString(),
          energy,
        },
        { set: { amount, averagePrice: Math.round((amount / energy) * 1000) / 1000 } },
      );
    }
    await repository.create(scope, 'energySetting', {
      stationId,
      capacity: demo.capacity,
      ratedPower: 1000,
      maxChargePower: 900,
      maxDischargePower: 1000,
      socUpper: 95,
      socLower: 10,
      tariffType: 'timeOfUse',
      runMode: 'peakValley',
      demandLimit: 800,
      antiBackflow: true,
    });
  }
}
