import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import { seedAssetDocuments } from './assetDocuments';
import { seedCaptures } from './captures';
import type { DemoStation } from './stations';

const DAY = 86_400_000;
/** A moment `days` before now at a given hour (UTC), so the demo's records look recent. */
const before = (days: number, hour = 2) => new Date(Math.floor(Date.now() / DAY - days) * DAY + hour * 3_600_000).toISOString();
const dayBefore = (days: number) => before(days).slice(0, 10);

const KEEPERS = ['王伟', '李强', '张敏', '刘洋'];

/**
 * Cameras (the PTZ one with a few captured pictures), guard events, assets with their defect and
 * operation records, static devices, file groups, observers, EMS menus and EMS departments of a
 * tenant's demo stations: a handful of each.
 */
export async function seedEmsAssets(services: Services, scope: TenantScope, stations: DemoStation[]): Promise<void> {
  const { repository } = services;
  // Records with a state start in their first one, as the calls that create them do.
  const STARTS: Record<string, Record<string, string>> = {
    guardEvent: { status: 'unconfirmed' },
    defectRecord: { status: 'reported' },
  };
  const create = (entity: string, record: Record<string, unknown>) =>
    repository.create(scope, entity, record, { set: STARTS[entity] ?? {} });
  const stationIds: number[] = [];
  for (const [index, demo] of stations.entries()) {
    const station = await repository.findBy(scope, 'station', 'sn', demo.sn);
    const stationId = Number(station.id);
    stationIds.push(stationId);
    const keeper = KEEPERS[(scope.tenantId + index) % KEEPERS.length] ?? '王伟';
    const group = await create('ipcGroup', {
      name: `${demo.name}监控平台`,
      stationId,
      platform: index % 2 === 0 ? 'hikvision' : 'dahua',
      host: `192.168.${10 + index}.20`,
      port: index % 2 === 0 ? 8000 : 37777,
      account: 'admin',
      sorting: index + 1,
      remark: '站内硬盘录像机',
    });
    const dome = await create('camera', {
      name: '1 号球机',
      groupId: group.id,
      stationId,
      serialNo: `IPC${scope.tenantId}${index}01`,
      channelNo: 1,
      streamUrl: `rtsp://192.168.${10 + index}.20:554/Streaming/Channels/101`,
      ptz: true,
      location: '站区大门',
      enabled: true,
    });
    await seedCaptures(services, scope, dome, { name: demo.name, timeZone: String(station.timeZone) });
    await create('camera', {
      name: '2 号枪机',
      groupId: group.id,
      stationId,
      serialNo: `IPC${scope.tenantId}${index}02`,
      channelNo: 2,
      streamUrl: `rtsp://192.168.${10 + index}.20:554/Streaming/Channels/201`,
      ptz: false,
      location: '围栏东侧',
      enabled: true,
    });
    await create('guardEvent', {
      cameraId: dome.id,
      eventType: 'intrusion',
      eventTime: before(1, 14),
      description: '围栏区域检测到人员闯入',
    });
    const confirmed = await create('guardEvent', {
      cameraId: dome.id,
      eventType: 'helmet',
      eventTime: before(3, 6),
      description: '作业人员未佩戴安全帽',
    });
    await repository.patch(
      scope,
      'guardEvent',
      Number(confirmed.id),
      {},
      { set: { status: 'confirmed', confirmInfo: '已现场提醒并登记', confirmedBy: scope.userName, confirmTime: before(3, 7) } },
    );
    const code = `ZC-${scope.tenantId}-${String(index + 1).padStart(2, '0')}`;
    const asset = await create('asset', {
      name: demo.type === 'photovoltaic' ? '1# 组串式逆变器' : '1# 电池簇',
      code: `${code}01`,
      stationId,
      category: demo.type === 'photovoltaic' ? 'pcs' : 'battery',
      model: demo.type === 'photovoltaic' ? 'SUN2000-100KTL' : 'LFP-280Ah-1P416S',
      manufacturer: demo.type === 'photovoltaic' ? '华为' : '宁德时代',
      purchaseDate: dayBefore(400 + index * 30),
      originalValue: demo.type === 'photovoltaic' ? 68000 : 860000,
      status: 'inUse',
      keeper,
      location: demo.type === 'photovoltaic' ? '屋面 A 区' : '储能舱 A 区',
    });
    // A data sheet on the first station's first asset (a PDF takes a few tenths of a second to lay out).
    if (index === 0) await seedAssetDocuments(services, scope, asset);
    await create('asset', {
      name: '10kV 干式变压器',
      code: `${code}02`,
      stationId,
      category: 'transformer',
      model: 'SCB13-1250/10',
      manufacturer: '顺特电气',
      purchaseDate: dayBefore(500),
      originalValue: 185000,
      status: 'inUse',
      keeper,
      location: '配电室',
    });
    await create('defectRecord', {
      assetId: asset.id,
      title: demo.type === 'photovoltaic' ? '逆变器风扇异响' : '3 号模组温差偏大',
      level: 'serious',
      description: '例行巡检发现',
      foundTime: before(5, 3),
      discoverer: keeper,
      handler: '运维班组',
    });
    await create('operationRecord', {
      assetId: asset.id,
      operationType: 'maintenance',
      operateTime: before(10, 2),
      operator: keeper,
      content: '清理滤网并紧固接线端子',
      result: '正常',
      cost: 800,
    });
    await create('staticDevice', {
      name: '七氟丙烷灭火装置',
      stationId,
      deviceType: 'fireSafety',
      model: 'GQQ70/2.5',
      manufacturer: '浙江信达可恩',
      installDate: dayBefore(420),
      quantity: 2,
      location: '储能舱',
    });
    await create('fileGroup', { name: `${demo.name}竣工资料`, stationId, sorting: index + 1 });
    await create('emsObserver', {
      stationId,
      name: '业主代表',
      role: 'owner',
      phone: `1380013${String(scope.tenantId).padStart(2, '0')}${String(index).padStart(2, '0')}`,
      company: `${demo.name}业主单位`,
    });
    if (demo.type === 'ems') {
      await create('emsMenu', {
        stationId,
        menus: [
          'dashboard',
          'topology',
          'equipment',
          'video',
          'dataLine',
          'energyManagement',
          'warningRecord',
          'maintenance',
          'securityManage',
          'basicInfo',
        ],
      });
    }
  }
  const root = await create('emsDept', { name: '运维中心', leader: scope.userName, sorting: 1, stations: [] });
  await create('emsDept', {
    name: '储能运维组',
    parentId: root.id,
    sorting: 1,
    stations: stationIds.slice(0, 1).map((stationId) => ({ stationId })),
  });
  await create('emsDept', {
    name: '新能源运维组',
    parentId: root.id,
    sorting: 2,
    stations: stationIds.slice(1).map((stationId) => ({ stationId })),
  });
}
