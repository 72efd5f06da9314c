import type { TenantScope, UserId } from '../auth/context';
import type { Services } from '../http/services';
import { recordMovement } from '../tender/stock';

/** The demo's tenders, procurement and materials of one tenant (the same in every installation). */

const VENDORS = [
  {
    name: '宁德储能科技有限公司',
    category: 'equipment',
    contactName: '陈伟',
    phone: '0593-8888888',
    address: '福建省宁德市蕉城区新港路1号',
  },
  {
    name: '苏州汇川电气有限公司',
    category: 'equipment',
    contactName: '李娜',
    phone: '0512-66668888',
    address: '江苏省苏州市吴中区越溪街道',
  },
  {
    name: '上海电缆材料有限公司',
    category: 'material',
    contactName: '王强',
    phone: '021-58889999',
    address: '上海市浦东新区川沙路88号',
  },
  {
    name: '华信电力工程服务有限公司',
    category: 'service',
    contactName: '赵敏',
    phone: '025-83336666',
    address: '江苏省南京市江宁区天元路1号',
  },
] as const;

/** Tenders: [project, tenderee, region, budget in 10k yuan, planned month, outcome]. */
const TENDERS = [
  ['工业园区储能电站EPC项目', '工业园区能源发展有限公司', 0, 1280, 1, 'win'],
  ['数据中心备用储能系统采购', '云数科技股份有限公司', 1, 460, 2, 'lose'],
  ['商业综合体光储充一体化项目', '万悦商业管理有限公司', 2, 890, 3, 'win'],
  ['冷链物流园分布式光伏项目', '鲜达冷链物流有限公司', 3, 320, 4, 'unaward'],
  ['港口岸电及储能改造项目', '港务集团有限公司', 4, 1650, 5, 'lose'],
  ['医药产业园用户侧储能项目', '康华医药股份有限公司', 0, 540, 6, undefined],
  ['汽车零部件厂房屋顶光伏项目', '精工汽车零部件有限公司', 1, 275, 8, undefined],
  ['园区微电网运维服务采购', '高新区管委会', 2, 180, 10, undefined],
] as const;

const FILES = [
  { name: '承装（修、试）电力设施许可证', category: 'qualification', validUntil: '2028-06-30', description: '三级承装承修资质' },
  { name: '储能系统技术方案模板', category: 'template', description: '含系统架构、消防与BMS说明' },
  { name: '近三年类似项目业绩表', category: 'commercial', description: '商务标业绩附件' },
  { name: '安全生产许可证', category: 'qualification', validUntil: '2027-12-31', description: '建筑施工安全生产许可' },
] as const;

const MATERIALS = [
  {
    code: 'WL-0001',
    name: '直流熔断器',
    spec: '1000V 63A',
    unit: '个',
    safetyStock: 20,
    location: 'A-01-03',
    unitPrice: 125,
    stock: 120,
  },
  {
    code: 'WL-0002',
    name: '交流断路器',
    spec: '400V 250A',
    unit: '台',
    safetyStock: 5,
    location: 'A-02-01',
    unitPrice: 1680,
    stock: 18,
  },
  {
    code: 'WL-0003',
    name: '直流电缆',
    spec: 'YJV-1kV 1×95mm²',
    unit: '米',
    safetyStock: 200,
    location: 'B-01-01',
    unitPrice: 86.5,
    stock: 1500,
  },
  {
    code: 'WL-0004',
    name: '液冷管路接头',
    spec: 'DN25',
    unit: '个',
    safetyStock: 30,
    location: 'A-03-02',
    unitPrice: 45,
    stock: 60,
  },
  {
    code: 'WL-0005',
    name: '温度传感器',
    spec: 'PT100',
    unit: '个',
    safetyStock: 50,
    location: 'A-03-05',
    unitPrice: 32.8,
    stock: 40,
  },
] as const;

/** Bill of materials lines: [product, material code, quantity per set]. */
const BOM = [
  ['215kWh储能一体柜', 'WL-0001', 6],
  ['215kWh储能一体柜', 'WL-0002', 1],
  ['215kWh储能一体柜', 'WL-0003', 40],
  ['215kWh储能一体柜', 'WL-0005', 12],
  ['100kW光伏并网柜', 'WL-0002', 2],
  ['100kW光伏并网柜', 'WL-0003', 25],
] as const;

/** A record with a state machine starts in its initial state (as the create call does it). */
function initial(services: Services, entity: string): { set: Record<string, unknown> } {
  const states = services.repository.model(entity).states;
  return { set: states ? { [states.field]: states.initial } : {} };
}

const date = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Seeds the tenant's vendors, tenders, bid records, tender files, procurement and materials. */
export async function seedTender(services: Services, scope: TenantScope, cities: readonly string[]): Promise<void> {
  const { repository } = services;
  const { db } = services.database;
  const year = new Date().getUTCFullYear();
  const t = scope.tenantId;

  // Tenders are followed by the tenant's people in turn, so the ranking has several names.
  const members = await db
    .selectFrom('userTenant')
    .innerJoin('appUser', 'appUser.id', 'userTenant.userId')
    .select(['appUser.id as id', 'appUser.name as name'])
    .where('userTenant.tenantId', '=', t)
    .orderBy('appUser.id')
    .execute();
  const owners: TenantScope[] = members.length
    ? members.map((m) => ({ ...scope, userId: m.id as UserId, userName: m.name }))
    : [scope];

  const vendors: number[] = [];
  for (const vendor of VENDORS) vendors.push(Number((await repository.create(scope, 'vendor', { ...vendor })).id));

  for (const [index, [project, tenderee, city, budget, month, outcome]] of TENDERS.entries()) {
    const region = cities[city % cities.length] ?? '';
    const submitted = outcome !== undefined || index === 5;
    const tender = await repository.create(
      owners[index % owners.length] ?? scope,
      'tender',
      {
        tenderNo: `TB${year}${String(month).padStart(2, '0')}01${String(index + 1).padStart(3, '0')}`,
        name: `${region}${project}`,
        tenderee: `${region}${tenderee}`,
        region,
        source: index % 3 === 0 ? 'publicPlatform' : index % 3 === 1 ? 'invitation' : 'customerReferral',
        budgetAmount: budget * 10000,
        bidAmount: Math.round(budget * 9650),
        planBidDate: date(year, month, 15),
        ...(submitted ? { bidDate: date(year, index === 4 ? month + 1 : month, 14), openDate: date(year, month + 1, 2) } : {}),
      },
      initial(services, 'tender'),
    );
    if (outcome) await repository.transition(scope, 'tender', Number(tender.id), outcome);
    if (submitted) {
      await repository.create(scope, 'bidRecord', {
        tenderId: tender.id,
        bidderName: '本公司',
        bidDate: date(year, index === 4 ? month + 1 : month, 14),
        bidAmount: Math.round(budget * 9650),
        rank: outcome === 'win' ? 1 : 2,
      });
      await repository.create(scope, 'bidRecord', {
        tenderId: tender.id,
        bidderName: `${cities[(city + 1) % cities.length] ?? ''}电力建设有限公司`,
        bidDate: date(year, index === 4 ? month + 1 : month, 14),
        bidAmount: Math.round(budget * 9500),
        rank: outcome === 'win' ? 2 : 1,
      });
    }
  }
  for (const file of FILES) await repository.create(scope, 'tenderFile', { ...file });

  const materials: number[] = [];
  for (const { stock, ...material } of MATERIALS) {
    const created = await repository.create(scope, 'material', { ...material, remark: '储能项目常用物料' });
    materials.push(Number(created.id));
    await recordMovement(services, scope, {
      materialId: Number(created.id),
      direction: 'in',
      quantity: stock + 10,
      movementDate: date(year, 1, 8),
      remark: '年初采购入库',
    });
    await recordMovement(services, scope, {
      materialId: Number(created.id),
      direction: 'out',
      quantity: 10,
      movementDate: date(year, 2, 20),
      remark: '项目领用',
    });
  }
  for (const [productName, code, quantity] of BOM) {
    const material = MATERIALS.find((m) => m.code === code);
    await repository.create(scope, 'materialBom', {
      productName,
      materialCode: code,
      materialName: material?.name ?? code,
      spec: material?.spec,
      unit: material?.unit,
      quantity,
    });
  }

  const procurements = [
    {
      name: '磷酸铁锂电池簇',
      mode: 'material',
      spec: '280Ah 1P416S',
      quantity: 8,
      unit: '簇',
      estimatedAmount: 3680000,
      steps: ['start'],
    },
    {
      name: '储能变流器',
      mode: 'project',
      projectName: `${cities[0] ?? ''}工业园区储能电站`,
      spec: 'PCS-500kW',
      quantity: 2,
      unit: '台',
      estimatedAmount: 460000,
      steps: ['start', 'complete'],
    },
    { name: '温度传感器', mode: 'material', spec: 'PT100', quantity: 100, unit: '个', estimatedAmount: 3280, steps: [] },
    {
      name: '光伏组件',
      mode: 'project',
      projectName: `${cities[2] ?? ''}冷链物流园光伏项目`,
      spec: '550Wp 单晶',
      quantity: 1200,
      unit: '块',
      estimatedAmount: 1080000,
      steps: ['hold'],
    },
  ] as const;
  const procurementIds: number[] = [];
  for (const [index, { steps, ...procurement }] of procurements.entries()) {
    const created = await repository.create(
      scope,
      'procurement',
      {
        ...procurement,
        procurementNo: `CG${year}0${index + 1}01001`,
        requiredDate: date(year, index + 3, 30),
      },
      initial(services, 'procurement'),
    );
    procurementIds.push(Number(created.id));
    for (const step of steps) await repository.transition(scope, 'procurement', Number(created.id), step);
  }
  const rfqs = [
    {
      name: '储能变流器',
      vendorId: vendors[1],
      spec: 'PCS-500kW',
      quantity: 2,
      unit: '台',
      deadline: date(year, 3, 31),
      reply: 460000,
    },
    { name: '直流电缆', vendorId: vendors[2], spec: 'YJV-1kV 1×95mm²', quantity: 2000, unit: '米', deadline: date(year, 4, 15) },
  ];
  for (const { reply, ...rfq } of rfqs) {
    const created = await repository.create(
      scope,
      'rfq',
      { ...rfq, ...(reply ? { quotedAmount: reply } : {}) },
      initial(services, 'rfq'),
    );
    if (reply) await repository.transition(scope, 'rfq', Number(created.id), 'reply');
  }
  const library = [
    { name: '直流电缆', category: '线缆', spec: 'YJV-1kV 1×95mm²', unit: '米', referencePrice: 86.5, vendorId: vendors[2] },
    { name: '交流断路器', category: '电气元件', spec: '400V 250A', unit: '台', referencePrice: 1680, vendorId: vendors[1] },
    {
      name: '磷酸铁锂电池簇',
      category: '储能设备',
      spec: '280Ah 1P416S',
      unit: '簇',
      referencePrice: 460000,
      vendorId: vendors[0],
    },
  ];
  for (const item of library) await repository.create(scope, 'purchaseLibrary', item);
  await repository.create(scope, 'purchaseQuote', {
    name: '储能变流器',
    vendorId: vendors[1],
    unitPrice: 230000,
    quantity: 2,
    totalAmount: 460000,
    quoteDate: date(year, 3, 20),
    validUntil: date(year, 6, 30),
  });
  await repository.create(scope, 'purchaseQuote', {
    name: '磷酸铁锂电池簇',
    vendorId: vendors[0],
    unitPrice: 455000,
    quantity: 8,
    totalAmount: 3640000,
    quoteDate: date(year, 3, 18),
    validUntil: date(year, 5, 31),
  });
  await repository.create(scope, 'purchaseList', {
    listNo: `QD${year}0325001`,
    name: '储能电池簇采购',
    vendorId: vendors[0],
    procurementId: procurementIds[0],
    totalAmount: 3640000,
    orderDate: date(year, 3, 25),
    deliveryDate: date(year, 4, 25),
  });
  await repository.create(scope, 'purchaseContract', {
    contractNo: `HT${year}0328001`,
    name: '储能电池簇采购合同',
    vendorId: vendors[0],
    amount: 3640000,
    signDate: date(year, 3, 28),
    endDate: date(year, 12, 31),
    remark: '质保五年',
  });
}
