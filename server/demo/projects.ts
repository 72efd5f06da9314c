import type { TenantScope } from '../auth/context';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { demoDocument } from './documents';
import type { DemoStation } from './stations';

/** A demo execution site: what it is, how far it has come (its state machine's steps from "not started"). */
interface DemoSite {
  name: string;
  projectType: string;
  region: string;
  address: string;
  contractAmount: number;
  budgetAmount: number;
  planStartDate: string;
  planFinishDate: string;
  steps: string[];
}

const SITES: DemoSite[] = [
  {
    name: '储能电站扩容项目',
    projectType: 'storage',
    region: '华东',
    address: '产业园区 A 区 3 号',
    contractAmount: 3600000,
    budgetAmount: 2880000,
    planStartDate: '2026-03-01',
    planFinishDate: '2026-12-31',
    steps: ['start'],
  },
  {
    name: '屋顶光伏新建项目',
    projectType: 'photovoltaic',
    region: '华东',
    address: '工业园区星湖街 328 号',
    contractAmount: 2150000,
    budgetAmount: 1720000,
    planStartDate: '2025-09-01',
    planFinishDate: '2026-02-28',
    steps: ['start', 'confirmFinalAccount', 'complete'],
  },
  {
    name: '综合能源站改造项目',
    projectType: 'ems',
    region: '华南',
    address: '科技园南区 18 号',
    contractAmount: 980000,
    budgetAmount: 760000,
    planStartDate: '2026-12-01',
    planFinishDate: '2027-05-31',
    steps: [],
  },
  {
    name: '配电房增容项目',
    projectType: 'distribution',
    region: '华北',
    address: '经济开发区 6 号路',
    contractAmount: 450000,
    budgetAmount: 360000,
    planStartDate: '2025-04-01',
    planFinishDate: '2025-08-31',
    steps: ['start', 'confirmFinalAccount', 'complete', 'close'],
  },
];

const SETUP = [
  { name: '设备进场验收', teamName: '安装一班', leader: '赵伟' },
  { name: '基础施工', teamName: '土建班', leader: '孙强' },
  { name: '设备吊装就位', teamName: '安装一班', leader: '赵伟' },
  { name: '电气接线', teamName: '电气班', leader: '周磊' },
  { name: '系统调试', teamName: '调试组', leader: '李磊' },
];

const PERIODS = [
  { startTime: '00:00', endTime: '08:00', action: 'charge', power: 500 },
  { startTime: '10:00', endTime: '12:00', action: 'discharge', power: 500 },
  { startTime: '12:00', endTime: '14:00', action: 'charge', power: 500 },
  { startTime: '18:00', endTime: '21:00', action: 'discharge', power: 500 },
];

/**
 * Execution sites with their people, plans, reports, setup steps, visits, logs, files and
 * announcements; work flows, cost calculations, products, capacities and strategies of a tenant.
 */
export async function seedProjects(services: Services, scope: TenantScope, stations: DemoStation[]): Promise<void> {
  const { repository } = services;
  // A record with a state machine starts in its initial state, as the create call makes it.
  const create = (entity: string, record: EntityRecord) => {
    const states = repository.model(entity).states;
    return repository.create(scope, entity, record, states ? { set: { [states.field]: states.initial } } : {});
  };
  const users = (
    await repository.list(scope, 'user', { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: 10 })
  ).records.map((user) => Number(user.id));
  const userAt = (index: number) => users[index % users.length] ?? scope.userId;
  // Each site carries one of the tenant's sales orders (seeded before), so that an order's sites,
  // work flows and earned value are there to see from the order list.
  const orders = (
    await repository.list(scope, 'salesOrder', { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: SITES.length })
  ).records.map((order) => Number(order.id));
  const orderAt = (index: number) => orders[index % Math.max(1, orders.length)] ?? index + 1;

  for (const [index, demo] of SITES.entries()) {
    const { steps, ...fields } = demo;
    const station = stations[index % stations.length];
    const site = await create('executeSite', {
      ...fields,
      name: `${station?.name.slice(0, 2) ?? ''}${demo.name}`,
      orderId: orderAt(index),
      ...(station ? { stationSn: station.sn } : {}),
      managerId: userAt(index),
      liveAddress: `https://live.example.com/tenant-${scope.tenantId}/site-${index + 1}`,
    });
    const siteId = Number(site.id);
    const done = steps.length > 1 ? SETUP.length : steps.length ? 2 : 0;
    for (const [sort, step] of SETUP.entries()) {
      await create('siteSetupItem', {
        siteId,
        ...step,
        sort: sort + 1,
        planDate: demo.planStartDate,
        done: sort < done,
        ...(sort < done ? { finishDate: demo.planStartDate } : {}),
      });
    }
    await create('siteMember', { siteId, userId: userAt(index), memberRole: 'manager', joinDate: demo.planStartDate });
    await create('siteMember', { siteId, userId: userAt(index + 1), memberRole: 'engineer', phone: '13800000001' });
    await create('siteMember', { siteId, userId: userAt(index + 2), memberRole: 'observer' });
    await create('siteWorkPlan', {
      siteId,
      title: '设备安装与接线',
      planDate: demo.planStartDate,
      endDate: demo.planFinishDate,
      personInCharge: '赵伟',
      progress: done * 20,
    });
    await create('siteLog', { siteId, logDate: demo.planStartDate, weather: '晴', content: '施工人员进场，完成安全交底' });
    await create('projInspectItem', { siteId, name: '设备温度', cycle: 'daily', standard: '15-35℃' });
    // The drawing is stored as an upload of the tenant; the record names it by its stored name, as
    // the upload answered it. Its page says the site's own facts (the same for every tenant, so laid out once).
    const drawing = await saveFile(
      services,
      scope,
      '电气一次接线图.pdf',
      await demoDocument(`${demo.name} 电气一次接线图`, '图纸说明', [
        ['项目名称', demo.name],
        ['项目地址', `${demo.region} ${demo.address}`],
        ['接线', '10 kV 进线 → 并网柜 → 升压变压器 → 0.4 kV 母线 → 各馈线回路'],
        ['计划工期', `${demo.planStartDate} 至 ${demo.planFinishDate}`],
      ]),
    );
    await create('projSiteFile', {
      siteId,
      name: '电气一次接线图.pdf',
      fileName: drawing.fileName,
      category: '图纸',
    });
    if (steps.length > 1) {
      await create('siteServiceReport', {
        siteId,
        title: '系统调试报告',
        serviceType: 'commissioning',
        reportDate: demo.planFinishDate,
        engineer: '李磊',
        content: '完成系统联调，各项指标正常',
      });
      await create('siteReturnVisit', {
        siteId,
        visitDate: demo.planFinishDate,
        visitorName: '陈静',
        contactName: '刘洋',
        satisfaction: index % 2 ? 'satisfied' : 'verySatisfied',
        content: '系统运行稳定',
      });
      await create('projectAnnouncement', {
        siteId,
        title: `${String(site.name)}完工公告`,
        announceType: 'complete',
        content: '项目已完成验收，请各成员确认。',
      });
    }
    const area = await create('calcArea', { name: '设备区', siteId, region: '东区', areaSize: 120 + index * 30 });
    await create('calcData', { areaId: area.id, itemName: '电缆敷设', unit: '米', quantity: 300, unitPrice: 85, amount: 25500 });
    await create('calcData', { areaId: area.id, itemName: '设备基础', unit: '项', quantity: 1, unitPrice: 68000, amount: 68000 });
    await create('calcAudit', { areaId: area.id, title: '设备区造价测算' });
    // Who works on the area's figures: one who edits them, one who reads them.
    await create('projCalcUser', { areaId: area.id, userId: userAt(index), permission: 'edit', remark: '造价负责人' });
    await create('projCalcUser', { areaId: area.id, userId: userAt(index + 1), permission: 'view', remark: '项目经理' });
    await create('manualWorkload', {
      siteId,
      workerName: '王伟',
      workDate: demo.planStartDate,
      workType: '电气安装',
      hours: 8,
      hourlyRate: 60,
    });
    await create('workFlow', {
      title: `${demo.name}设备采购申请`,
      flowType: 'procurement',
      orderId: orderAt(index),
      siteId,
      amount: 128000,
      content: '采购备件',
    });
    for (const step of steps) await repository.transition(scope, 'executeSite', siteId, step);
    await create('productTrace', {
      productSn: `T${scope.tenantId}-PCS-${index + 1}`,
      productName: '储能变流器',
      model: 'PCS-500',
      batchNo: 'B2026-01',
      manufacturer: '上海电气',
      productionDate: '2026-01-08',
      siteId,
      ...(station ? { stationSn: station.sn } : {}),
    });
  }
  const pending = await create('workFlow', {
    title: '项目差旅报销',
    flowType: 'expenditure',
    amount: 3200,
    content: '现场调试差旅',
  });
  await repository.transition(scope, 'workFlow', Number(pending.id), 'commit');

  const template = await create('strategyTemplate', {
    name: '两充两放',
    templateKind: 'charging',
    periods: PERIODS,
    remark: '峰谷套利',
  });
  await create('strategyTemplate', { name: '削峰填谷通用模板', templateKind: 'general', periods: PERIODS.slice(0, 2) });
  for (const station of stations) {
    const stationSn = station.sn;
    await create('stationCapacity', {
      stationSn,
      ratedCapacity: station.capacity,
      ratedPower: Math.round(station.capacity / 2),
      transformerCapacity: 1250,
      effectiveDate: station.initialTime,
    });
    if (station.type === 'photovoltaic') continue;
    const strategy = await create('chargeStrategy', {
      name: `${station.name}峰谷策略`,
      stationSn,
      templateId: template.id,
      periods: PERIODS,
      enabled: true,
    });
    await create('projStrategyConf', { stationSn, strategyId: strategy.id, effectiveDate: station.initialTime, enabled: true });
    await create('projStrategyRecord', {
      stationSn,
      strategyName: String(strategy.name),
      issueTime: `${station.initialTime}T00:00:00.000Z`,
      result: 'success',
      operatorName: scope.userName,
      content: '00:00-08:00 充电；10:00-12:00 放电；12:00-14:00 充电；18:00-21:00 放电',
    });
  }
  const contract = await create('nonProjectContract', {
    name: '办公场地租赁合同',
    contractNo: `FX-${scope.tenantId}-001`,
    customerName: '园区物业管理有限公司',
    amount: 240000,
    signDate: '2026-02-01',
  });
  await repository.transition(scope, 'nonProjectContract', Number(contract.id), 'agree');
  await create('nonProjectContract', {
    name: '车辆租赁合同',
    contractNo: `FX-${scope.tenantId}-002`,
    customerName: '城市汽车租赁公司',
    amount: 86000,
  });
}
