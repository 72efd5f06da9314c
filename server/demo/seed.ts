import type { TenantId, TenantScope, UserId } from '../auth/context';
import { hashSecret } from '../auth/passwords';
import type { Services } from '../http/services';

/** Demo tenants, users and the web client (DESIGN §8: tests and documentation rely on them). */
const TENANTS = [
  { id: 2, name: '华东能源服务有限公司', cities: ['上海', '苏州', '杭州', '南京', '宁波'] },
  { id: 10, name: '南方储能运维有限公司', cities: ['广州', '深圳', '东莞', '佛山', '珠海'] },
  { id: 7, name: '西部光伏运营有限公司', cities: ['成都', '重庆', '西安', '昆明', '贵阳'] },
  { id: 44, name: '北方综合能源有限公司', cities: ['北京', '天津', '石家庄', '济南', '太原'] },
] as const;

const USERS = [
  { username: 'admin', password: 'admin123', name: '系统管理员', isAdmin: 1, tenants: [2, 10] },
  { username: 'operator', password: 'operator123', name: '运维专员', isAdmin: 0, tenants: [7] },
  { username: 'auditor', password: 'auditor123', name: '审计专员', isAdmin: 0, tenants: [44] },
] as const;

const CUSTOMERS_PER_TENANT = 24;
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

function enumValues(services: Services, entity: string, field: string): string[] {
  return services.repository.model(entity).field(field)?.values ?? [];
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
  const scopes = new Map<number, TenantScope>();
  for (const user of USERS) {
    const inserted = await db
      .insertInto('appUser')
      .values({
        username: user.username,
        name: user.name,
        passwordHash: await hashSecret(user.password),
        isAdmin: user.isAdmin,
        defaultTenantId: user.tenants[0],
        createTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('userTenant')
      .values(user.tenants.map((tenantId) => ({ userId: inserted.id, tenantId })))
      .execute();
    for (const tenantId of user.tenants) {
      scopes.set(tenantId, { tenantId: tenantId as TenantId, userId: inserted.id as UserId, userName: user.name });
    }
  }
  for (const tenant of TENANTS) {
    const scope = scopes.get(tenant.id);
    if (scope) await seedCustomers(services, scope, tenant.cities);
  }
  return true;
}

async function seedCustomers(services: Services, scope: TenantScope, cities: readonly string[]): Promise<void> {
  const next = random(scope.tenantId);
  const values = (field: string) => enumValues(services, 'customer', field);
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
        gender: pick(next, enumValues(services, 'customerContact', 'gender')),
        position: pick(next, POSITIONS),
        phone: `1${Math.floor(3000000000 + next() * 6999999999)}`,
        isKeyPerson: i === 0,
      });
    }
  }
}
