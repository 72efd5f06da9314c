import type { TenantScope, UserId } from '../auth/context';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/**
 * Office demo data of a tenant: approvals between its employees (pending with the demo user, some
 * decided, some copied to them), expenditure and leave applications, the leave policy and
 * balances, work plans and logs, tracked problems with solutions and repairs, knowledge articles.
 * The same for every installation: nothing random, dates relative to today.
 */

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);
const YEAR = new Date().getFullYear();

/** The tenant's employees, oldest first: the demo user(s) first, then the colleagues. */
async function employeesOf(services: Services, scope: TenantScope): Promise<EntityRecord[]> {
  const page = await services.repository.list(scope, 'user', {
    filters: [],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 50,
  });
  return page.records;
}

/** A new application starts in its machine's initial state, as the generic create call makes it. */
const initial = (services: Services, entity: string) => {
  const machine = services.repository.model(entity).states;
  return machine ? { set: { [machine.field]: machine.initial } } : {};
};

/** Acting as an employee: what they create is theirs (applicant, author). */
const as = (scope: TenantScope, employee: EntityRecord): TenantScope => ({
  tenantId: scope.tenantId,
  userId: Number(employee.userId) as UserId,
  userName: String(employee.name),
});

const APPROVALS = [
  {
    kind: 'procurement',
    title: '采购储能舱消防气溶胶',
    content: '苏州储能站2号舱消防药剂到期更换，共6具。',
    amount: 18600,
    steps: [],
  },
  { kind: 'hr', title: '运维服务部招聘两名运维工程师', content: '新增杭州片区站点，需补充运维人员。', steps: [] },
  {
    kind: 'contract',
    title: '宁波冷链园区储能EPC合同审批',
    content: '合同金额及付款节点见附件。',
    amount: 3260000,
    steps: ['approve'],
  },
  {
    kind: 'administrative',
    title: '申领现场安全帽与绝缘手套',
    content: '新入职人员劳保用品。',
    amount: 1420.5,
    steps: ['reject'],
  },
  { kind: 'order', title: '南京数据中心运维订单变更', content: '增加季度红外测温服务。', amount: 48000, steps: [] },
  { kind: 'project', title: '光伏电站清洗项目立项', content: '年度组件清洗两次。', amount: 96000, steps: ['withdraw'] },
] as const;

const EXPENDITURES = [
  {
    type: 'travel',
    title: '苏州储能站季度巡检差旅',
    amount: 2380.4,
    payee: '本人',
    travelStart: day(-20),
    travelEnd: day(-18),
    invoiceNo: 'FP0001',
    steps: ['approve'],
  },
  { type: 'expense', title: '客户来访接待餐费', amount: 680, payee: '本人', steps: [] },
  {
    type: 'scheduledPayment',
    title: 'BMS备件采购第二期款',
    amount: 126000,
    payee: '江苏储能设备有限公司',
    payDate: day(15),
    steps: [],
  },
  {
    type: 'loan',
    title: '项目现场备用金借款',
    amount: 5000,
    payee: '本人',
    paybackAmount: 2000,
    paybackDate: day(-3),
    steps: ['approve'],
  },
  { type: 'expense', title: '办公室网络设备维修', amount: 350.8, payee: '本人', steps: ['reject'] },
] as const;

const POLICY = [
  ['年假', 'annual', 5, true, '全体员工'],
  ['带薪病假', 'paidSick', 5, true, '全体员工'],
  ['工程福利假', 'engineeringWelfare', 3, true, '工程序列员工'],
  ['事假', 'personal', 0, false, '全体员工'],
  ['病假', 'sick', 0, false, '全体员工'],
  ['育儿假', 'parental', 10, true, '子女不满3周岁的员工'],
  ['婚假', 'marriage', 13, true, '依法登记结婚的员工'],
  ['产检假', 'prenatalCheckup', 0, true, '孕期女员工'],
  ['产假', 'maternity', 158, true, '女员工'],
  ['陪产假', 'paternity', 15, true, '男员工'],
  ['丧假', 'bereavement', 3, true, '全体员工'],
  ['变电站（运维）公休假', 'substationHoliday', 0, true, '变电站运维人员'],
  ['调休', 'compensatory', 0, true, '生产中心员工'],
] as const;

async function seedApprovals(services: Services, scope: TenantScope, people: EntityRecord[]): Promise<void> {
  const { repository } = services;
  const [me, ...colleagues] = people;
  if (!me || colleagues.length === 0) return;
  for (const [index, { steps, ...approval }] of APPROVALS.entries()) {
    const applicant = colleagues[index % colleagues.length] ?? me;
    const copy = colleagues[(index + 1) % colleagues.length] ?? me;
    const created = await repository.create(
      as(scope, applicant),
      'approval',
      {
        ...approval,
        approverId: me.id,
        copyUsers: index % 2 === 0 ? [{ userId: copy.id }, { userId: me.id }] : [{ userId: copy.id }],
      },
      initial(services, 'approval'),
    );
    for (const name of steps) {
      const opinion = name === 'reject' ? '库存充足，暂不申领。' : name === 'approve' ? '同意。' : undefined;
      await repository.transition(scope, 'approval', Number(created.id), name, opinion ? { opinion } : {});
    }
  }
  // One of the demo user's own, waiting for a colleague.
  const approver = colleagues[0];
  if (approver)
    await repository.create(
      scope,
      'approval',
      {
        kind: 'expenditure',
        title: '年度安全培训费用',
        content: '委托第三方开展高压电工复训。',
        amount: 12800,
        approverId: approver.id,
        copyUsers: [],
      },
      initial(services, 'approval'),
    );
}

async function seedMoneyAndLeave(services: Services, scope: TenantScope, people: EntityRecord[]): Promise<void> {
  const { repository } = services;
  for (const [index, { steps, ...expenditure }] of EXPENDITURES.entries()) {
    const applicant = people[index % people.length];
    if (!applicant) continue;
    const created = await repository.create(
      as(scope, applicant),
      'expenditure',
      {
        ...expenditure,
        reason: `${expenditure.title}，详见附件。`,
      },
      initial(services, 'expenditure'),
    );
    for (const name of steps) await repository.transition(scope, 'expenditure', Number(created.id), name);
  }
  for (const [label, leaveType, daysPerYear, paid, appliesTo] of POLICY) {
    await repository.create(scope, 'leavePolicy', {
      name: `${label}制度`,
      leaveType,
      daysPerYear,
      paid,
      appliesTo,
      effectiveDate: `${YEAR}-01-01`,
      description: `适用于${appliesTo}，按公司《员工休假管理办法》执行。`,
    });
  }
  for (const [index, person] of people.entries()) {
    await repository.create(scope, 'leaveBalance', {
      userId: person.id,
      year: YEAR,
      leaveType: 'annual',
      totalDays: 5 + (index % 3) * 5,
      usedDays: index % 4,
    });
    await repository.create(scope, 'leaveBalance', {
      userId: person.id,
      year: YEAR,
      leaveType: 'paidSick',
      totalDays: 5,
      usedDays: 0,
    });
  }
  const leaves = [
    { leaveType: 'annual', start: 10, days: 3, reason: '年底回老家探亲。', step: undefined },
    { leaveType: 'sick', start: -12, days: 1, reason: '感冒发烧就医。', step: 'approve' },
    { leaveType: 'compensatory', start: 4, days: 0.5, reason: '周末值班调休。', step: undefined },
    { leaveType: 'marriage', start: -40, days: 13, reason: '婚假。', step: 'approve' },
  ] as const;
  for (const [index, leave] of leaves.entries()) {
    const person = people[index % people.length];
    if (!person) continue;
    const created = await repository.create(
      as(scope, person),
      'leaveApplication',
      {
        userId: person.id,
        leaveType: leave.leaveType,
        startDate: day(leave.start),
        endDate: day(leave.start + Math.max(0, Math.ceil(leave.days) - 1)),
        days: leave.days,
        reason: leave.reason,
      },
      initial(services, 'leaveApplication'),
    );
    if (leave.step) await repository.transition(scope, 'leaveApplication', Number(created.id), leave.step);
  }
}

async function seedReports(services: Services, scope: TenantScope, people: EntityRecord[]): Promise<void> {
  const { repository } = services;
  for (const [index, person] of people.slice(0, 4).entries()) {
    const author = as(scope, person);
    await repository.create(author, 'workLog', {
      kind: 'daily',
      logDate: day(-1 - index),
      content: [
        '完成2号储能舱电池簇巡检，更换一只温度传感器。',
        '配合客户完成并网点电能质量测试。',
        '整理光伏电站月度发电报表。',
        '处理1号PCS通讯中断告警。',
      ][index],
      nextPlan: '复核BMS告警记录。',
    });
  }
  const author = people[0];
  if (!author) return;
  await repository.create(as(scope, author), 'workLog', {
    kind: 'weekly',
    logDate: day(-7),
    content: '本周完成3座站点巡检，处理告警12条。',
    issues: '备件库存偏低，需尽快补货。',
  });
  const plans = [
    {
      kind: 'weekly',
      title: '本周工作计划',
      periodStart: day(0),
      periodEnd: day(6),
      content: '完成苏州储能站月度巡检；提交验收资料。',
    },
    {
      kind: 'monthly',
      title: '本月工作计划',
      periodStart: day(-10),
      periodEnd: day(20),
      content: '完成年度安全培训；推进两个储能项目并网。',
    },
    {
      kind: 'projectList',
      title: '在建项目清单',
      periodStart: day(-60),
      periodEnd: day(120),
      projectName: '宁波冷链园区储能项目',
      content: 'EPC施工、设备到货、并网验收。',
    },
  ] as const;
  for (const plan of plans) await repository.create(as(scope, author), 'workPlan', plan);
}

async function seedProblems(services: Services, scope: TenantScope, people: EntityRecord[]): Promise<void> {
  const { repository } = services;
  const assignee = people[1] ?? people[0];
  const problems = [
    { name: '1号PCS通讯中断', level: 'high', location: '储能站 / 1号PCS', steps: ['approve', 'assign', 'temporary'] },
    { name: '光伏逆变器效率偏低', level: 'medium', location: '光伏电站 / 3号逆变器', steps: ['approve', 'assign', 'complete'] },
    { name: '站内监控摄像头离线', level: 'low', location: '综合能源站 / 东门', steps: [] },
    { name: '电池簇温差超限', level: 'urgent', location: '储能站 / 2号舱', steps: ['approve'] },
  ] as const;
  for (const { steps, ...problem } of problems) {
    const created = await repository.create(
      scope,
      'problem',
      { ...problem, description: `${problem.name}，请尽快处理。` },
      initial(services, 'problem'),
    );
    const id = Number(created.id);
    for (const name of steps) {
      const input: EntityRecord =
        name === 'assign'
          ? { assigneeId: assignee?.id }
          : name === 'temporary'
            ? { temporaryMeasure: '更换通讯线缆并加装磁环。' }
            : {};
      await repository.transition(scope, 'problem', id, name, input);
    }
    if (steps.length > 1) {
      await repository.create(scope, 'problemSolution', {
        problemId: id,
        content: `针对“${problem.name}”：排查线路与固件，必要时更换部件。`,
        adopted: true,
      });
      await repository.create(scope, 'problemRepair', {
        problemId: id,
        content: '现场更换部件并测试正常。',
        repairDate: day(-2),
        cost: 1250,
      });
    }
  }
  const articles = [
    {
      title: 'PCS通讯中断排查步骤',
      category: '储能变流器',
      keywords: 'PCS 通讯',
      content: '1. 检查通讯线缆与接头；2. 检查磁环与屏蔽接地；3. 查看通讯板固件版本。',
    },
    {
      title: '电池簇温差超限处理',
      category: '电池管理系统',
      keywords: 'BMS 温差',
      content: '检查空调运行与风道，必要时降低充放电倍率。',
    },
    {
      title: '逆变器效率偏低的常见原因',
      category: '光伏逆变器',
      keywords: '逆变器 效率',
      content: '组件积灰、MPPT 设置不当、散热不良。',
    },
  ];
  for (const article of articles) await repository.create(scope, 'knowledgeArticle', article);
}

/** Seeds the office data of one tenant, as its first demo user. */
export async function seedOffice(services: Services, scope: TenantScope): Promise<void> {
  const people = await employeesOf(services, scope);
  await seedApprovals(services, scope, people);
  await seedMoneyAndLeave(services, scope, people);
  await seedReports(services, scope, people);
  await seedProblems(services, scope, people);
}
