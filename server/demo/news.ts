import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';

/** The headline categories, in the order readers browse them; industry news is no longer written and is disabled. */
const CATEGORIES = [
  { name: '公司新闻', enabled: true, description: '公司动态、资质认证与重大项目进展' },
  { name: '安全生产', enabled: true, description: '安全检查通报、事故案例与安全活动' },
  { name: '运维技术', enabled: true, description: '储能与光伏运维经验、调度策略' },
  { name: '员工风采', enabled: true, description: '技能比武、培训与团队活动' },
  { name: '行业动态', enabled: false, description: '政策与市场资讯（已改由资讯平台发布）' },
];

const NEWS = [
  {
    title: '储能电站顺利并网投运',
    summary: '10 MWh 用户侧储能电站完成并网调试，进入商业运行。',
    isHeadline: true,
    category: '公司新闻',
  },
  {
    title: '公司通过 ISO 45001 职业健康安全管理体系认证',
    summary: '认证覆盖全部运维与工程服务。',
    isHeadline: true,
    category: '公司新闻',
  },
  {
    title: '第三季度安全生产检查通报',
    summary: '本季度共检查站点 42 个，发现并整改隐患 17 项。',
    isHeadline: false,
    category: '安全生产',
  },
  {
    title: '光伏运维技能比武圆满结束',
    summary: '来自各分公司的 36 名运维人员参加比赛。',
    isHeadline: false,
    category: '员工风采',
  },
  { title: '迎峰度夏储能调度保障工作部署', summary: '各站点按峰谷电价优化充放电策略。', isHeadline: false, category: '运维技术' },
];

/** The headlines of a tenant that has them, each filed under its category. */
export async function seedNews(services: Services, scope: TenantScope): Promise<void> {
  const categories = new Map<string, unknown>();
  for (const [index, category] of CATEGORIES.entries()) {
    const created = await services.repository.create(scope, 'headlineCategory', { ...category, sort: index + 1 });
    categories.set(category.name, created.id);
  }
  for (const [index, { category, ...article }] of NEWS.entries()) {
    await services.repository.create(scope, 'enterpriseNews', {
      ...article,
      categoryId: categories.get(category),
      content: `${article.summary}\n\n${article.title}。`,
      publishTime: new Date(Date.now() - index * 5 * 86400000).toISOString(),
    });
  }
}
