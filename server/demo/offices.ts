import companyType from '../../schemas/enums/companyType.json';
import type { TenantScope } from '../auth/context';
import type { Services } from '../http/services';
import { demoStations } from './stations';

/** The five offices of the department types (`schemas/enums/companyType.json`, where their coordinates are). */
const OFFICES: Record<string, { name: string; city: string; address: string; phone: string }> = {
  A: { name: '上海张江办公室', city: '上海', address: '上海市浦东新区张江路88号', phone: '021-50801234' },
  B: { name: '深圳科苑办公室', city: '深圳', address: '深圳市南山区科苑路9号', phone: '0755-26601234' },
  C: { name: '成都天府办公室', city: '成都', address: '成都市高新区天府大道66号', phone: '028-85301234' },
  D: { name: '北京建国路办公室', city: '北京', address: '北京市朝阳区建国路1号', phone: '010-65801234' },
  E: { name: '杭州文三路办公室', city: '杭州', address: '杭州市西湖区文三路18号', phone: '0571-88201234' },
};

const coordinates: Record<string, number[]> = companyType['x-coordinates'];

/**
 * Where the tenant's staff check in: its office (300 m) and its stations, whose site
 * crews check in on arrival (500 m: a station's fenced yard is larger than an office building).
 */
export async function seedOfficeLocations(services: Services, scope: TenantScope, office: string): Promise<void> {
  const home = OFFICES[office];
  const [longitude, latitude] = coordinates[office] ?? [];
  if (home && longitude !== undefined && latitude !== undefined) {
    await services.repository.create(scope, 'officeLocation', {
      ...home,
      longitude,
      latitude,
      checkInRadius: 300,
      enabled: true,
    });
  }
  for (const station of demoStations(scope.tenantId)) {
    await services.repository.create(scope, 'officeLocation', {
      name: station.name,
      city: station.address.slice(0, station.address.indexOf('市')),
      address: station.address,
      longitude: station.longitude,
      latitude: station.latitude,
      checkInRadius: 500,
      enabled: true,
    });
  }
}
