import { openServices } from '../server/app';
import type { TenantId, UserId } from '../server/auth/context';
import type { ServerConfig } from '../server/config';
import { createStation, demoStations } from '../server/demo/stations';

/**
 * The demo (seeded into the empty database of `config`) with more storage stations of a tenant,
 * named `sns`, made as the demo makes its own: the same device models and variables, each
 * registered with the simulator.
 */
export async function seedStorageStations(config: ServerConfig, tenantId: number, sns: string[]): Promise<void> {
  const services = await openServices({ ...config, demo: true });
  try {
    const admin = await services.database.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const scope = { tenantId: tenantId as TenantId, userId: admin.id as UserId, userName: 'bench' };
    const storage = demoStations(tenantId).find((station) => station.type === 'storage');
    if (!storage) throw new Error(`the demo of tenant ${tenantId} has no storage station`);
    // Phone numbers of the demo's stations are made of their index: these follow the demo's own.
    for (const [index, sn] of sns.entries()) await createStation(services, scope, { ...storage, sn }, 100 + index);
  } finally {
    await services.database.close();
  }
}
