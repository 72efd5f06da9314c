import { randomBytes } from 'node:crypto';
import type { TenantId, TenantScope, UserId } from '../auth/context';
import { hashSecret } from '../auth/passwords';
import type { Db } from '../resources/repository';
import type { Services } from '../http/services';
import { seedAlarms } from '../alarms/demo';
import { seedCrm } from './crm';
import { seedDashboards } from './dashboards';
import { seedSales, seedSiteSchemes } from './sales';
import { seedOffice } from './oa';
import { seedEmsAssets } from './emsassets';
import { seedEmsConfig } from './emsconfig';
import { seedProjects } from './projects';
import { ALL_PERMISSIONS } from '../users/principal';
import { seedStations } from './stations';
import { seedEmsDevices } from './emsdevices';
import { seedTender } from './tender';
import { seedVersions } from './versions';
import { seedOfficeLocations } from './offices';
import { seedLoginPages } from './loginPages';
import { seedObjectives } from './objectives';
import { seedMobileStorage } from './mobileStorage';
import { seedNews } from './news';
import { seedSiteops } from './siteops';
import { seedRobots } from './robots';

/** Demo tenants, users and the web client (DESIGN §8: tests and documentation rely on them). */
const TENANTS = [
  { id: 2, name: '华东能源服务有限公司', cities: ['上海', '苏州', '杭州', '南京', '宁波'], office: 'A' },
  { id: 10, name: '南方储能运维有限公司', cities: ['广州', '深圳', '东莞', '佛山', '珠海'], office: 'B' },
  { id: 7, name: '西部光伏运营有限公司', cities: ['成都', '重庆', '西安', '昆明', '贵阳'], office: 'C' },
  { id: 44, name: '北方综合能源有限公司', cities: ['北京', '天津', '石家庄', '济南', '太原'], office: 'D' },
] as const;

/** The demo's accounts (DESIGN.md §8), which `npm start` names when the demo is on. */
export const DEMO_USERS = [
  { username: 'admin', password: 'admin123', name: '系统管理员', role: 'admin', tenants: [2, 10] },
  { username: 'operator', password: 'operator123', name: '运维专员', role: 'staff', tenants: [7] },
  { username: 'auditor', password: 'auditor123', name: '审计专员', role: 'staff', tenants: [44] },
] as const;

const CUSTOMERS_PER_TENANT = 24;
const COLLEAGUES_PER_TENANT = 5;
const TRADES = [
  '精密制造',
  '新材料',
  '冷链物流',
  '数据中心',
  '化工',
  '医药',
  '纺织',
  '电子',
  '汽车零部件',
  '食品',
  '光电',
  '机械',
  '港务',
  '商业广场',
];
const SUFFIXES = ['有限公司', '股份有限公司', '集团有限公司'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '杰'];
const POSITIONS = ['总经理', '设备部经理', '采购经理', '能源管理专员', '财务总监', '厂长'];
const JOBS = ['储能运维工程师', '项目经理', '电气工程师', '销售经理', '财务专员'];
const DEPARTMENTS = [
  { name: '综合管理部', startTime: '2020-01-01' },
  { name: '储能事业部', startTime: '2021-03-01' },
  { name: '运维服务部', startTime: '2021-06-01' },
  { name: '光伏项目部（已撤销）', startTime: '2019-01-01', endTime: '2024-12-31' },
];
const CERTIFICATES = ['低压电工作业证', '高压电工作业证', '登高作业证', '安全生产管理人员证'];

/** A small deterministic generator, so every demo installation holds the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

const codes = (services: Services, entity: string, field: string) => services.repository.model(entity).field(field)?.values ?? [];
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);

/** A sign-in account; returns its id. */
async function account(db: Db, username: string, name: string, password: string, defaultTenantId: number): Promise<number> {
  const inserted = await db
    .insertInto('appUser')
    .values({ username, name, passwordHash: await hashSecret(password), defaultTenantId, createTime: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Seeds the demo into an empty database; does nothing when tenants exist already. */
export async function seedDemo(services: Services): Promise<boolean> {
  const { db } = services.database;
  if (await db.selectFrom('tenant').select('id').limit(1).executeTakeFirst()) return false;
  const now = new Date().toISOString();
  await db
    .insertInto('tenant')
    .values(TENANTS.map((t) => ({ id: t.id, name: t.name, createTime: now })))
    .execute();
  await db
    .insertInto('oauthClient')
    .values({ clientId: 'web', secretHash: await hashSecret('web'), name: 'Web client' })
    .execute();
  const members = new Map<number, { userId: number; name: string; role: string; username: string }[]>();
  for (const user of DEMO_USERS) {
    const userId = await account(db, user.username, user.name, user.password, user.tenants[0]);
    for (const tenantId of user.tenants) {
      members.set(tenantId, [
        ...(members.get(tenantId) ?? []),
        { userId, name: user.name, role: user.role, username: user.username },
      ]);
    }
  }
  for (const tenant of TENANTS) {
    const [first] = members.get(tenant.id) ?? [];
    if (!first) continue;
    const scope: TenantScope = { tenantId: tenant.id as TenantId, userId: first.userId as UserId, userName: first.name };
    await seedPeople(services, scope, tenant.office, members.get(tenant.id) ?? []);
    await seedCustomers(services, scope, tenant.cities);
    await seedSales(services, scope);
    if (tenant.id === 2 || tenant.id === 10) await seedNews(services, scope);
    const stations = await seedStations(services, scope);
    await seedSiteSchemes(
      services,
      scope,
      stations.slice(0, 3).map((station) => station.sn),
    );
    await seedEmsDevices(services, scope, stations);
    await seedAlarms(
      services,
      scope,
      stations.map((station) => station.sn),
    );
    await seedDashboards(services, scope, stations);
    await seedOffice(services, scope);
    await seedCrm(services, scope);
    await seedTender(services, scope, tenant.cities);
    await seedVersions(services, scope);
    await seedOfficeLocations(services, scope, tenant.office);
    await seedLoginPages(services, scope);
    await seedObjectives(services, scope);
    // Cameras, assets, site operations, projects, EMS configuration, mobile storage and robots are
    // the first station's of each kind; the further storage stations have their devices, data,
    // alarms and dashboards.
    const sites = stations.filter((station, index) => stations.findIndex((other) => other.type === station.type) === index);
    await seedEmsAssets(services, scope, sites);
    await seedSiteops(
      services,
      scope,
      sites.map((station) => station.sn),
    );
    await seedProjects(services, scope, sites);
    await seedEmsConfig(services, scope, sites);
    await seedMobileStorage(services, scope, sites);
    await seedRobots(
      services,
      scope,
      sites.filter((station) => station.type !== 'photovoltaic').map((station) => station.sn),
    );
  }
  return true;
}

/** Employees (the demo users and colleagues), departments, permissions and certificates of a tenant. */
async function seedPeople(
  services: Services,
  scope: TenantScope,
  office: string,
  users: { userId: number; name: string; role: string; username: string }[],
): Promise<void> {
  const { db } = services.database;
  const { repository } = services;
  const next = random(scope.tenantId * 7);
  const people = [...users];
  for (let i = 0; i < COLLEAGUES_PER_TENANT; i += 1) {
    const name = `${pick(next, SURNAMES)}${pick(next, GIVEN)}${pick(next, GIVEN)}`;
    const username = `e${scope.tenantId}${String(i + 1).padStart(3, '0')}`;
    // Colleagues exist to be managed and listed; nobody signs in as them, so their passwords are random.
    people.push({
      userId: await account(db, username, name, randomBytes(12).toString('hex'), scope.tenantId),
      name,
      role: 'staff',
      username,
    });
  }
  const employees: number[] = [];
  for (const [index, person] of people.entries()) {
    await db.insertInto('userTenant').values({ userId: person.userId, tenantId: scope.tenantId }).execute();
    await db
      .insertInto('userPermission')
      .values(ALL_PERMISSIONS.map((permission) => ({ userId: person.userId, tenantId: scope.tenantId, permission })))
      .execute();
    const employee = await repository.create(
      scope,
      'user',
      {
        username: person.username,
        name: person.name,
        gender: pick(next, codes(services, 'user', 'gender')),
        employeeNo: `E${scope.tenantId}${String(index + 1).padStart(4, '0')}`,
        employeeType: index < users.length ? 'full_time' : pick(next, codes(services, 'user', 'employeeType')),
        phone: `1${Math.floor(3000000000 + next() * 6999999999)}`,
        jobTitle: pick(next, JOBS),
        workLocation: office,
        joinDate: day(-200 - Math.floor(next() * 1500)),
        isResigned: false,
        accountActive: true,
        role: person.role,
        departments: [],
      },
      { set: { userId: person.userId } },
    );
    employees.push(Number(employee.id));
  }
  const departments: number[] = [];
  for (const [index, department] of DEPARTMENTS.entries()) {
    const created = await repository.create(scope, 'department', {
      ...department,
      managerId: employees[index % employees.length],
      companyType: office,
      sorting: index + 1,
    });
    departments.push(Number(created.id));
  }
  for (const [index, id] of employees.entries()) {
    const departmentId = departments[index % 3] ?? departments[0];
    await repository.patch(scope, 'user', id, { departments: [{ departmentId, positionType: index < 3 ? 'head' : 'member' }] });
    if (index % 2 === 0) {
      await repository.create(scope, 'userCertificate', {
        userId: id,
        type: pick(next, CERTIFICATES),
        number: `T${scope.tenantId}${Math.floor(100000000 + next() * 899999999)}`,
        effectiveStart: day(-700),
        effectiveEnd: day(30 + Math.floor(next() * 1000)),
      });
    }
  }
}

async function seedCustomers(services: Services, scope: TenantScope, cities: readonly string[]): Promise<void> {
  const next = random(scope.tenantId);
  const values = (field: string) => codes(services, 'customer', field);
  const names = new Set<string>();
  while (names.size < CUSTOMERS_PER_TENANT) {
    names.add(`${pick(next, cities)}${pick(next, TRADES)}${pick(next, SUFFIXES)}`);
  }
  for (const name of names) {
    const city = cities.find((c) => name.startsWith(c)) ?? '';
    const customer = await services.repository.create(scope, 'customer', {
      name,
      nature: pick(next, values('nature')),
      industry: pick(next, values('industry')),
      state: pick(next, values('state')),
      source: pick(next, values('source')),
      level: pick(next, values('level')),
      creditRating: pick(next, values('creditRating')),
      city,
      phone: `0${Math.floor(10 + next() * 89)}-${Math.floor(10000000 + next() * 89999999)}`,
    });
    const contacts = 1 + Math.floor(next() * 3);
    for (let i = 0; i < contacts; i += 1) {
      await services.repository.create(scope, 'customerContact', {
        customerId: customer.id,
        name: `${pick(next, SURNAMES)}${pick(next, GIVEN)}${pick(next, GIVEN)}`,
        gender: pick(next, codes(services, 'customerContact', 'gender')),
        position: pick(next, POSITIONS),
        phone: `1${Math.floor(3000000000 + next() * 6999999999)}`,
        isKeyPerson: i === 0,
      });
    }
  }
}
