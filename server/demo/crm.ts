import type { TenantScope } from '../auth/context';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { COURSE_VIDEO_SECONDS, courseVideo } from './courseVideo';
import { creditCode } from './creditCode';
import { bannerPicture, coverPicture } from './pictures';

const DAY = 86400000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const instant = (offsetDays: number, hour: number) =>
  new Date(Math.floor((Date.now() + offsetDays * DAY) / DAY) * DAY + hour * 3600000).toISOString();

/** Everything of a tenant's list, for the demo (a few dozen records at most). */
async function all(services: Services, scope: TenantScope, entity: string): Promise<EntityRecord[]> {
  const page = await services.repository.list(scope, entity, {
    filters: [],
    sortField: 'id',
    sortOrder: 'asc',
    current: 1,
    size: 1000,
  });
  return page.records;
}

/** Registered companies: a few that are customers already (their tax numbers set), a few that are not. */
const REGISTRY_EXTRA = [
  { name: '华东精密制造有限公司', taxNumber: '91310000MA1FL0X12J', legalPerson: '陈建国', city: '上海', capital: '5000万人民币' },
  {
    name: '江南新材料科技股份有限公司',
    taxNumber: '91320500MA1MXK8P3H',
    legalPerson: '周明',
    city: '苏州',
    capital: '1.2亿人民币',
  },
  { name: '岭南冷链物流有限公司', taxNumber: '91440300MA5DQW2N7X', legalPerson: '黄志强', city: '深圳', capital: '3000万人民币' },
];

const VISIT_SUBJECTS = [
  '储能项目方案交流',
  '电费单与负荷数据收集',
  '峰谷套利测算汇报',
  '商务报价沟通',
  '合同条款确认',
  '运维服务回访',
];
const VISIT_RESULTS = [
  '客户同意提供近一年电费单',
  '客户关注投资回收期，需补充测算',
  '约定下周现场踏勘',
  '客户内部立项中',
  '已确认报价，等待盖章',
];
const PLAN_TITLES = ['提交储能方案报价', '安排现场踏勘', '邀请客户参观示范站', '跟进合同审批', '年度服务回访'];
const CONTACTS = ['王伟', '李娜', '张强', '刘芳', '陈杰'];

/** The customer relations of a tenant: registry, pool, shares, visits and plans of its customers. */
async function seedCustomerRelations(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  const customers = await all(services, scope, 'customer');
  const employees = (await all(services, scope, 'user')).filter((e) => Number(e.userId) !== Number(scope.userId));
  for (const [index, customer] of customers.slice(0, 3).entries()) {
    const taxNumber = creditCode(
      `9131${String(scope.tenantId).padStart(4, '0')}MA${String(index + 1).padStart(2, '0')}CRM${index}0`,
    );
    await repository.patch(scope, 'customer', Number(customer.id), { taxNumber });
    await repository.create(scope, 'crmCompanyRegistry', {
      taxNumber,
      name: customer.name,
      legalPerson: CONTACTS[index % CONTACTS.length],
      registeredCapital: `${(index + 1) * 1000}万人民币`,
      establishDate: day(-3650 - index * 400),
      registryStatus: 'active',
      city: customer.city,
      address: `${String(customer.city ?? '')}经济技术开发区创新路 ${index + 10} 号`,
      businessScope: '工业产品的研发、生产与销售。',
    });
  }
  for (const [index, company] of REGISTRY_EXTRA.entries()) {
    await repository.create(scope, 'crmCompanyRegistry', {
      taxNumber: company.taxNumber,
      name: company.name,
      legalPerson: company.legalPerson,
      registeredCapital: company.capital,
      establishDate: day(-2500 - index * 300),
      registryStatus: 'active',
      city: company.city,
      address: `${company.city}高新区科技大道 ${index + 1} 号`,
      businessScope: '机械设备、新材料、仓储物流等。',
    });
  }
  // The last four customers are in the pool: nobody owns them until a colleague takes one.
  const table = repository.model('customer').table;
  for (const customer of customers.slice(-4)) {
    await services.database.db
      .updateTable(table)
      .set({ ownerId: null, ownerName: null })
      .where('tenantId', '=', scope.tenantId)
      .where('id', '=', Number(customer.id))
      .execute();
  }
  for (const [index, customer] of customers.slice(0, 8).entries()) {
    const customerId = Number(customer.id);
    for (let visit = 0; visit < 2; visit += 1) {
      await repository.create(scope, 'customerVisit', {
        customerId,
        visitTime: instant(-(index * 3 + visit * 10 + 1), 2 + visit),
        visitType: visit === 0 ? 'on_site' : 'phone',
        contactName: CONTACTS[(index + visit) % CONTACTS.length],
        subject: VISIT_SUBJECTS[(index + visit) % VISIT_SUBJECTS.length],
        content: '介绍公司储能与光伏运维服务，了解客户用电情况。',
        result: VISIT_RESULTS[(index + visit) % VISIT_RESULTS.length],
        ...(visit === 0 ? { nextVisitDate: day(7 + index) } : {}),
      });
    }
    const plan = await repository.create(
      scope,
      'customerPlan',
      {
        customerId,
        title: PLAN_TITLES[index % PLAN_TITLES.length],
        planDate: day(index - 2),
        content: '按客户要求准备资料并跟进。',
      },
      // As the create call does: a plan starts in the machine's first state.
      { set: { status: 'planning' } },
    );
    if (index % 3 === 1) await repository.transition(scope, 'customerPlan', Number(plan.id), 'complete');
    if (index % 3 === 2 && index > 4) await repository.transition(scope, 'customerPlan', Number(plan.id), 'cancel');
    const colleague = employees[index % Math.max(employees.length, 1)];
    if (index < 3 && colleague) {
      await repository.create(scope, 'customerOwner', {
        customerId,
        userId: Number(colleague.id),
        role: index === 2 ? 'viewer' : 'collaborator',
      });
    }
  }
}

const VEHICLES = [
  { name: '运维1号车', vehicleType: 'suv', brand: '比亚迪 宋PLUS', seats: 5, status: 'in_use' },
  { name: '运维2号车', vehicleType: 'pickup', brand: '长城 炮', seats: 5, status: 'idle' },
  { name: '工程车', vehicleType: 'engineering', brand: '江铃 顺达', seats: 3, status: 'maintenance' },
  { name: '商务车', vehicleType: 'van', brand: '别克 GL8', seats: 7, status: 'idle' },
];
const DRIVERS = ['张磊', '王强', '李洋', '赵杰'];
const PLATE_PREFIX: Record<number, string> = { 2: '沪A', 10: '粤B', 7: '川A', 44: '京N' };
const CENTRE: Record<number, [number, number]> = {
  2: [121.47, 31.23],
  10: [114.06, 22.54],
  7: [104.07, 30.57],
  44: [116.41, 39.9],
};

/** The fleet of a tenant, located around its main city, with their maintenance records. */
async function seedVehicles(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  const [longitude, latitude] = CENTRE[scope.tenantId] ?? [121.47, 31.23];
  for (const [index, vehicle] of VEHICLES.entries()) {
    const created = await repository.create(scope, 'vehicle', {
      ...vehicle,
      plateNumber: `${PLATE_PREFIX[scope.tenantId] ?? '沪A'}·D${String(scope.tenantId).padStart(2, '0')}${index + 1}8${index}`,
      driverName: DRIVERS[index],
      driverPhone: `1380013${String(scope.tenantId).padStart(2, '0')}${String(index).padStart(2, '0')}`,
      mileage: 12000 + index * 8500,
      purchaseDate: day(-400 - index * 200),
      insuranceExpireDate: day(20 + index * 60),
      inspectionExpireDate: day(45 + index * 90),
      longitude: Math.round((longitude + (index - 1.5) * 0.04) * 10000) / 10000,
      latitude: Math.round((latitude + (index - 1.5) * 0.03) * 10000) / 10000,
      speed: vehicle.status === 'in_use' ? 42 : 0,
      locateTime: new Date(Date.now() - index * 3600000).toISOString(),
    });
    for (let record = 0; record < 2; record += 1) {
      await repository.create(scope, 'vehicleMaintenance', {
        vehicleId: Number(created.id),
        maintenanceType: record === 0 ? 'routine' : 'inspection',
        maintenanceDate: day(-30 - record * 180 - index * 7),
        mileage: 10000 + index * 8000 - record * 4000,
        cost: record === 0 ? 680 + index * 120.5 : 300,
        garage: record === 0 ? '特约维修服务站' : '机动车检测中心',
        content: record === 0 ? '更换机油、机滤、空调滤芯' : '年度安全技术检验',
        nextMaintenanceDate: day(150 - record * 180 - index * 7),
      });
    }
  }
}

const COMMENTS = ['恭喜！辛苦了', '期待更多项目落地', '向一线运维同事致敬', '学习了，很有参考价值'];

/** Comments and likes of the tenant's articles (the tenants with headlines have some). */
async function seedNewsReactions(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  for (const [index, article] of (await all(services, scope, 'enterpriseNews')).slice(0, 3).entries()) {
    const newsId = Number(article.id);
    const first = await repository.create(scope, 'newsComment', { enterpriseNewsId: newsId, content: COMMENTS[index] ?? '' });
    await repository.create(scope, 'newsComment', {
      enterpriseNewsId: newsId,
      replyToId: Number(first.id),
      content: COMMENTS[(index + 1) % COMMENTS.length] ?? '',
    });
    await repository.create(scope, 'newsLike', { targetType: 'news', targetId: newsId });
    await repository.create(scope, 'newsLike', { targetType: 'comment', targetId: Number(first.id) });
  }
}

const DICTIONARY = [
  { dictType: 'vehicle_use', description: '用车事由', entries: ['现场运维', '客户拜访', '物资运输', '应急抢修'] },
  { dictType: 'visit_purpose', description: '拜访目的', entries: ['需求调研', '方案汇报', '商务谈判', '售后回访'] },
];
const GOODS = [
  { name: '定制保温杯', pointsPrice: 300, stock: 50 },
  { name: '蓝牙降噪耳机', pointsPrice: 1500, stock: 10 },
  { name: '户外冲锋衣', pointsPrice: 2400, stock: 5 },
  { name: '电影票两张', pointsPrice: 200, stock: 0 },
];

/** Banners (each with a drawn picture stored as an upload of the tenant), the dictionary, the points mall and the employees' points. */
async function seedManagementCenter(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  for (const [index, title] of ['储能安全月活动', '积分商城上新', '新员工学习计划'].entries()) {
    const picture = await saveFile(services, scope, `${title}.png`, await bannerPicture(index));
    await repository.create(scope, 'banner', {
      title,
      imageUrl: picture.url,
      position: (['home', 'mall', 'learning'] as const)[index],
      sort: index + 1,
      enabled: true,
      startDate: day(-10),
      endDate: day(50),
    });
  }
  for (const dictionary of DICTIONARY) {
    for (const [index, label] of dictionary.entries.entries()) {
      await repository.create(scope, 'dictItem', {
        dictType: dictionary.dictType,
        description: dictionary.description,
        label,
        value: `${dictionary.dictType}_${index + 1}`,
        sort: index + 1,
        enabled: true,
      });
    }
  }
  for (const [index, good] of GOODS.entries()) {
    await repository.create(scope, 'mallGood', {
      ...good,
      enabled: true,
      sort: index + 1,
      description: `${good.name}，积分兑换。`,
    });
  }
  // The tenant's first user has points; the others get an account when an administrator grants them some.
  const [first] = await all(services, scope, 'user');
  if (first)
    await repository.create(scope, 'crmPointsAccount', { userId: Number(first.id), points: 2000, remark: '年度积分发放' });
}

const COURSES = [
  { category: '储能安全', courses: ['储能电站消防系统操作', '电池热失控的识别与处置'] },
  { category: '运维技能', courses: ['PCS 日常巡检要点', '光伏组件清洗与检测'] },
  { category: '新员工入门', courses: ['公司制度与文化'] },
];

/**
 * Course categories and video courses of the learning platform, with a few views, likes and
 * collects. Each course has a drawn cover of its own; all play the demo's one video, stored once
 * per tenant, as uploads of the tenant.
 */
async function seedLearning(services: Services, scope: TenantScope): Promise<void> {
  const { repository } = services;
  const video = await saveFile(services, scope, '课程演示视频.mp4', await courseVideo());
  let sort = 0;
  for (const [index, group] of COURSES.entries()) {
    const category = await repository.create(scope, 'videoCategory', { name: group.category, sort: index + 1 });
    for (const name of group.courses) {
      sort += 1;
      const cover = await saveFile(services, scope, `${name}-封面.png`, await coverPicture(sort - 1));
      const course = await repository.create(scope, 'enterpriseVideo', {
        name,
        categoryId: Number(category.id),
        coverUrl: cover.url,
        videoUrl: video.url,
        duration: COURSE_VIDEO_SECONDS,
        lecturer: ['刘工', '陈工', '王经理'][index] ?? '',
        published: true,
        sort,
        description: `${name}：要点讲解与现场演示。`,
      });
      if (sort <= 2) {
        await repository.create(scope, 'videoView', {
          videoId: Number(course.id),
          // The first course watched to its end, the second part way.
          progress: sort === 1 ? COURSE_VIDEO_SECONDS : 5,
          finished: sort === 1,
          viewTime: instant(-sort, 3),
        });
        await repository.create(scope, 'crmVideoReaction', { videoId: Number(course.id), kind: 'like' });
      }
      if (sort === 1) await repository.create(scope, 'crmVideoReaction', { videoId: Number(course.id), kind: 'collect' });
    }
  }
}

/** The demo of the customer relations area, for one tenant (after its people, customers and articles). */
export async function seedCrm(services: Services, scope: TenantScope): Promise<void> {
  await seedCustomerRelations(services, scope);
  await seedVehicles(services, scope);
  await seedNewsReactions(services, scope);
  await seedManagementCenter(services, scope);
  await seedLearning(services, scope);
}
