import { openServices } from '../server/app';
import type { TenantId, UserId } from '../server/auth/context';
import type { ServerConfig } from '../server/config';
import type { Services } from '../server/http/services';
import { createStation, demoStations } from '../server/demo/stations';

/**
 * More storage stations of a tenant, named `sns`, made as the demo makes its own: the same device
 * models and variables, each registered with the simulator. Phone numbers of the demo's stations
 * are made of their index: these take `firstIndex` onwards.
 */
export async function addStorageStations(services: Services, tenantId: number, sns: string[], firstIndex: number): Promise<void> {
  const admin = await services.database.db
    .selectFrom('appUser')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const scope = { tenantId: tenantId as TenantId, userId: admin.id as UserId, userName: 'bench' };
  const storage = demoStations(tenantId).find((station) => station.type === 'storage');
  if (!storage) throw new Error(`the demo of tenant ${tenantId} has no storage station`);
  for (const [index, sn] of sns.entries()) await createStation(services, scope, { ...storage, sn }, firstIndex + index);
}

/** The demo, seeded into the empty database of `config`, with more storage stations of a tenant (`addStorageStations`). */
export async function seedStorageStations(config: ServerConfig, tenantId: number, sns: string[]): Promise<void> {
  const services = await openServices({ ...config, demo: true });
  try {
    await addStorageStations(services, tenantId, sns, 100);
  } finally {
    await services.database.close();
  }
}
