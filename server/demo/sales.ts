import type { TenantScope } from '../auth/context';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { creditCode } from './creditCode';
import { demoDocument } from './documents';

/** The projects sold in the demo, one order each, spread over the tenant's first customers. */
const ORDERS = [
  { name: '厂区 2 MWh 用户侧储能项目', orderType: 'project', amount: 3860000.5, cost: 2950000 },
  { name: '屋顶分布式光伏 1.2 MWp 工程', orderType: 'project', amount: 4120000, cost: 3380000 },
  { name: '储能电站年度运维服务', orderType: 'operation', amount: 268000, cost: 150000 },
  { name: '配电房智能化改造', orderType: 'project', amount: 1350000, cost: 1020000 },
  { name: '储能变流器备件采购', orderType: 'product', amount: 486000, cost: 392000 },
  { name: '能效诊断与节能咨询', orderType: 'service', amount: 98000, cost: 42000 },
  { name: '充电站 20 台直流桩建设', orderType: 'project', amount: 2260000, cost: 1800000 },
  { name: '电能质量治理设备', orderType: 'product', amount: 735000.8, cost: 560000 },
] as const;

const PAYERS_SUFFIX = '财务部';
const PROGRESS = ['完成现场勘察与方案评审。', '主要设备到货并完成开箱验收。', '完成设备安装，进入调试阶段。'];
const NEXT = ['提交施工组织设计。', '组织设备安装。', '完成并网验收。'];

/** Signing day of order `index`: this year's first months, then the same months of last year (for the year-over-year figures). */
function signDate(index: number): string {
  const now = new Date();
  const year = now.getUTCFullYear() - (index % 3 === 2 ? 1 : 0);
  const month = 1 + ((index * 5) % Math.max(1, now.getUTCMonth() + 1));
  return `${year}-${String(month).padStart(2, '0')}-${String(3 + index * 3).padStart(2, '0')}`;
}

const plusDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86400000).toISOString().slice(0, 10);

/**
 * Sales of a tenant: orders of its first customers owned by its employees in turn, with files,
 * weekly reports, payments, invoice applications in each state of their flow, issued invoices,
 * quotations and contracts in every contract list. Deterministic from the tenant id.
 */
export async function seedSales(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  const customers = (
    await repository.list(scope, 'customer', { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: ORDERS.length })
  ).records;
  const employees = (
    await repository.list(scope, 'user', { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: 8 })
  ).records;
  for (const [index, sold] of ORDERS.entries()) {
    const customer = customers[index % Math.max(1, customers.length - 2)];
    if (!customer) return;
    const signed = signDate(index);
    const order = await repository.create(scope, 'salesOrder', {
      orderNo: `SO-${scope.tenantId}-${String(index + 1).padStart(4, '0')}`,
      name: sold.name,
      customerId: customer.id,
      orderType: sold.orderType,
      contractAmount: sold.amount,
      budgetCost: sold.cost,
      signDate: signed,
      deliveryDate: plusDays(signed, 120 + index * 15),
      address: `${String(customer.city ?? '')}${String(customer.name).slice(2, 6)}厂区`,
    });
    const owner = employees[index % Math.max(1, employees.length)];
    if (owner && typeof owner.userId === 'number' && index > 0) {
      await repository.patch(
        scope,
        'salesOrder',
        Number(order.id),
        {},
        { set: { ownerId: owner.userId, ownerName: owner.name } },
      );
    }
    await seedOrderRecords(services, scope, order, index, signed, String(customer.name));
  }
}

async function seedOrderRecords(
  services: Services,
  scope: TenantScope,
  order: EntityRecord,
  index: number,
  signed: string,
  customerName: string,
): Promise<void> {
  const { repository } = services;
  // A new record of a state machine starts in its initial state, as the create calls make it.
  const initial = (entity: string) => {
    const machine = repository.model(entity).states;
    return machine ? { set: { [machine.field]: machine.initial } } : {};
  };
  const orderId = Number(order.id);
  const amount = Number(order.contractAmount);
  const share = (part: number) => Math.round(amount * part * 100) / 100;
  const number = (prefix: string) => `${prefix}-${scope.tenantId}-${String(index + 1).padStart(4, '0')}`;

  // The order's files and contracts are PDFs stored as uploads of the tenant, named and sized as
  // the upload stored them, as `orderfile/batch` records an uploaded file. Their pages say the
  // project's own facts (the same for every tenant, so each is laid out once).
  const agreementName = `${String(order.name)}-技术协议.pdf`;
  const agreement = await saveFile(
    services,
    scope,
    agreementName,
    await demoDocument(`${String(order.name)} 技术协议`, '技术协议（盖章版）', [
      ['项目名称', String(order.name)],
      ['签订日期', signed],
      ['交付日期', String(order.deliveryDate)],
      ['验收', '按国家及行业现行标准进行到货、安装与并网验收'],
      ['质保', '设备质保五年，运维响应 24 小时内到场'],
    ]),
  );
  await repository.create(scope, 'orderFile', {
    orderId,
    fileName: agreementName,
    fileUrl: agreement.url,
    fileSize: agreement.size,
    remark: '技术协议（盖章版）',
  });
  for (let week = 0; week < 1 + (index % 3); week += 1) {
    const weekStart = plusDays(signed, 7 * (week + 1));
    await repository.create(scope, 'orderWeeklyReport', {
      orderId,
      weekStart,
      weekEnd: plusDays(weekStart, 6),
      progress: PROGRESS[week] ?? PROGRESS[0],
      nextPlan: NEXT[week] ?? NEXT[0],
    });
  }

  // Payments: the first instalment of every order, the second of every other one.
  const instalments = index % 2 === 0 ? [0.3, 0.6] : [0.3];
  for (const [i, part] of instalments.entries()) {
    await repository.create(scope, 'orderPayment', {
      orderId,
      amount: share(part),
      payDate: plusDays(signed, 15 + i * 90),
      payMethod: i === 0 ? 'bankTransfer' : 'acceptanceBill',
      payer: `${customerName}${PAYERS_SUFFIX}`,
      remark: i === 0 ? '预付款' : '进度款',
    });
  }

  // Invoices: an application in each state of the flow across the orders; issued ones have their invoice record.
  const application = await repository.create(
    scope,
    'invoiceApplication',
    {
      orderId,
      invoiceType: index % 3 === 0 ? 'vatOrdinary' : 'vatSpecial',
      amount: share(0.3),
      name: customerName,
      taxNumber: creditCode(`9131${String(scope.tenantId).padStart(4, '0')}MA1FL${String(index).padStart(4, '0')}`),
      content: `${String(order.name)}（首期）`,
    },
    initial('invoiceApplication'),
  );
  const steps: Record<number, string[]> = {
    0: ['invoice'],
    1: ['invoice'],
    2: ['reject'],
    3: ['invoice', 'applyReplace'],
    4: ['invoice', 'applyReplace', 'replace'],
    5: [],
  };
  for (const step of steps[index % 6] ?? []) {
    const body =
      step === 'reject' ? { rejectReason: '抬头与合同主体不一致' } : step === 'applyReplace' ? { replaceReason: '税号有误' } : {};
    await repository.transition(scope, 'invoiceApplication', Number(application.id), step, body);
  }
  if ((steps[index % 6] ?? []).includes('invoice')) {
    await repository.create(scope, 'invoiceRecord', {
      orderId,
      applicationId: application.id,
      invoiceNo: `3100${String(scope.tenantId).padStart(3, '0')}${String(20260000 + index)}`,
      invoiceType: application.invoiceType,
      invoiceDate: plusDays(signed, 20),
      amount: share(0.3),
      taxRate: 13,
      taxAmount: Math.round((share(0.3) / 1.13) * 0.13 * 100) / 100,
    });
  }

  // A quotation per order: drafts, pending and replied in turn.
  const quote = await repository.create(
    scope,
    'quote',
    {
      quoteNo: number('QT'),
      name: `${String(order.name)}报价`,
      customerId: order.customerId,
      orderId,
      items: [
        { productName: '主设备', model: 'LFP-1000kWh', unit: '套', quantity: 1, unitPrice: share(0.7), costPrice: share(0.55) },
        { productName: '安装调试服务', unit: '项', quantity: 1, unitPrice: share(0.3), costPrice: share(0.2) },
      ],
      totalAmount: amount,
      validUntil: plusDays(signed, 30),
      remark: '含运输、安装与调试',
    },
    initial('quote'),
  );
  for (const step of [[], ['submit'], ['submit', 'reply']][index % 3] ?? []) {
    await repository.transition(
      scope,
      'quote',
      Number(quote.id),
      step,
      step === 'reply' ? { replyContent: '价格确认，准备签约。' } : {},
    );
  }

  // A contract per order, in each contract list in turn.
  const contractName = `${String(order.name)}合同.pdf`;
  const scan = await saveFile(
    services,
    scope,
    contractName,
    await demoDocument(`${String(order.name)}合同`, '合同扫描件', [
      ['合同名称', `${String(order.name)}合同`],
      ['合同金额（元）', amount.toFixed(2)],
      ['签订日期', signed],
      ['有效期至', plusDays(signed, 365)],
      ['付款方式', '预付款 30%，进度款 60%，质保金 10%'],
    ]),
  );
  const contract = await repository.create(
    scope,
    'contractFile',
    {
      contractNo: number('HT'),
      name: `${String(order.name)}合同`,
      orderId,
      amount,
      signDate: signed,
      endDate: plusDays(signed, 365),
      fileName: contractName,
      fileUrl: scan.url,
    },
    initial('contractFile'),
  );
  for (const step of [[], ['sign'], ['sign', 'complete'], ['remove']][index % 4] ?? []) {
    await repository.transition(scope, 'contractFile', Number(contract.id), step);
  }
}

/** The names a site scheme gives its stations, by the station's place in the order's scheme. */
const SCHEME_PARTS = ['一期储能舱', '屋顶光伏', '能量管理系统'];

/**
 * Site-scheme entries of the tenant's first three sales orders: the first order's scheme covers
 * each of the given stations, the next two one station each (through the repository, as the
 * demo's other records; stations are seeded after orders, hence a step of its own).
 */
export async function seedSiteSchemes(services: Services, scope: TenantScope, stationSns: string[]): Promise<void> {
  const { repository } = services;
  const orders = (await repository.all(scope, 'salesOrder', { filters: [], sortField: 'id', sortOrder: 'asc' })).slice(0, 3);
  for (const [index, order] of orders.entries()) {
    const sns = index === 0 ? stationSns : stationSns.slice(index - 1, index);
    for (const [part, sn] of sns.entries()) {
      await repository.create(scope, 'siteScheme', {
        orderId: Number(order.id),
        sn,
        name: `${SCHEME_PARTS[(part + index) % SCHEME_PARTS.length] ?? SCHEME_PARTS[0]} ${sn}`,
      });
    }
  }
}
