import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';

/** Releases of the platform's apps, newest first, as the version list shows them. */
const VERSIONS = [
  {
    version: '3.2.0',
    platform: 'web',
    releaseDate: '2026-11-02',
    forced: false,
    notes: '储能站收益报表新增月度对比；告警记录支持批量确认',
  },
  { version: '3.1.4', platform: 'android', releaseDate: '2026-10-18', forced: true, notes: '修复巡检拍照上传失败的问题' },
  { version: '3.1.4', platform: 'ios', releaseDate: '2026-10-18', forced: true, notes: '修复巡检拍照上传失败的问题' },
  { version: '3.1.0', platform: 'web', releaseDate: '2026-09-06', forced: false, notes: '新增投标漏斗图与中标率仪表盘' },
] as const;

/** Seeds the tenant's app releases. */
export async function seedVersions(services: Services, scope: TenantScope): Promise<void> {
  for (const version of VERSIONS) await services.repository.create(scope, 'appVersion', { ...version });
}
