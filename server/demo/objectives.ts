import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';

type Period = 'year' | 'quarter' | 'month';

/** First day of the period `offset` periods from the current one (UTC calendar). */
function periodStart(kind: Period, offset = 0): string {
  const now = new Date();
  const month = kind === 'year' ? 0 : kind === 'quarter' ? now.getUTCMonth() - (now.getUTCMonth() % 3) : now.getUTCMonth();
  const step = kind === 'year' ? 12 : kind === 'quarter' ? 3 : 1;
  return new Date(Date.UTC(now.getUTCFullYear(), month + offset * step, 1)).toISOString().slice(0, 10);
}

interface DemoObjective {
  title: string;
  /** Index of the owner among the tenant's employees (oldest first), of the department among its departments. */
  owner: number;
  department?: number;
  kind: Period;
  offset: number;
  target: number;
  achieved: number;
  unit: string;
  state: 'notStarted' | 'inProgress' | 'achieved' | 'missed';
  description: string;
}

/** A year's company goals, this and last quarter's, and next month's, of people and departments. */
const OBJECTIVES: DemoObjective[] = [
  {
    title: '年度储能站放电量',
    owner: 0,
    department: 1,
    kind: 'year',
    offset: 0,
    target: 7200,
    achieved: 6015.8,
    unit: 'MWh',
    state: 'inProgress',
    description: '三座储能站合计放电量，以关口计量为准。',
  },
  {
    title: '年度合同签约额',
    owner: 1,
    department: 0,
    kind: 'year',
    offset: 0,
    target: 12000000,
    achieved: 8450000.5,
    unit: 'RM',
    state: 'inProgress',
    description: '已签合同金额，含税。',
  },
  {
    title: '本季度新签客户',
    owner: 2,
    kind: 'quarter',
    offset: 0,
    target: 12,
    achieved: 5,
    unit: '家',
    state: 'inProgress',
    description: '首次签约的客户数。',
  },
  {
    title: '上季度光伏发电量',
    owner: 3,
    department: 2,
    kind: 'quarter',
    offset: -1,
    target: 1500,
    achieved: 1620.4,
    unit: 'MWh',
    state: 'achieved',
    description: '屋顶光伏电站上网电量。',
  },
  {
    title: '上季度工单按时完成率',
    owner: 4,
    department: 2,
    kind: 'quarter',
    offset: -1,
    target: 98,
    achieved: 95.5,
    unit: '%',
    state: 'missed',
    description: '计划日内完成的工单占比。',
  },
  {
    title: '下月站点巡检次数',
    owner: 5,
    kind: 'month',
    offset: 1,
    target: 45,
    achieved: 0,
    unit: '次',
    state: 'notStarted',
    description: '每站每周至少巡检三次。',
  },
];

/** Seeds the tenant's objectives, owned by its employees and departments. */
export async function seedObjectives(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  const all = async (entity: string) =>
    (await repository.list(scope, entity, { filters: [], sortField: 'id', sortOrder: 'asc', current: 1, size: 50 })).records.map(
      (record) => Number(record.id),
    );
  const [employees, departments] = [await all('user'), await all('department')];
  for (const objective of OBJECTIVES) {
    const ownerId = employees[objective.owner % employees.length];
    const departmentId = objective.department === undefined ? undefined : departments[objective.department];
    await repository.create(scope, 'objective', {
      title: objective.title,
      ownerId,
      ...(departmentId === undefined ? {} : { departmentId }),
      periodKind: objective.kind,
      periodStart: periodStart(objective.kind, objective.offset),
      targetValue: objective.target,
      achievedValue: objective.achieved,
      unit: objective.unit,
      state: objective.state,
      description: objective.description,
    });
  }
}
