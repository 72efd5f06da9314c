import type { TenantScope } from '../auth/context';
import { ApiError } from '../errors';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** The variable of a rule, as a reference of the body: 400 when the tenant has no such variable. */
async function variableOf(services: Services, scope: TenantScope, variableId: number): Promise<EntityRecord> {
  try {
    return await services.repository.get(scope, 'deviceVariable', variableId);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'notFound') {
      throw new ApiError('refMissing', { field: 'variableId', owner: 'alarmGenerator' });
    }
    throw error;
  }
}

/**
 * Creates an alarm rule, or replaces the writable fields of rule `id`: its station and device are
 * those of its variable, filled here. The repository checks the other references (the type) and
 * tells the engine, which drops the tenant's rules.
 */
export async function saveGenerator(
  services: Services,
  scope: TenantScope,
  input: EntityRecord,
  id?: number,
): Promise<EntityRecord> {
  const { repository } = services;
  if (id !== undefined) await repository.get(scope, 'alarmGenerator', id);
  const variable = await variableOf(services, scope, Number(input.variableId));
  const device = await repository.get(scope, 'device', Number(variable.deviceId));
  const set = { stationId: Number(device.stationId), deviceId: Number(device.id) };
  return id === undefined
    ? repository.create(scope, 'alarmGenerator', input, { set })
    : repository.update(scope, 'alarmGenerator', id, input, { set });
}
