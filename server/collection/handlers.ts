import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { refuseField } from '../http/validation';
import type { EntityRecord } from '../resources/repository';
import { asMap, refusalOf } from './mapRules';
import { issueMqttCredentials } from './mqttHandlers';

const owner = { labels: 'entities.variableMap' };

/**
 * Refuses a register map a collector could not read (400 naming the field, nothing written): one
 * the other maps of its device's variables overlap, a data type its function code cannot carry,
 * registers past the last address. Another tenant's variable is not found.
 */
async function check(call: CallContext, body: EntityRecord, id?: number): Promise<void> {
  const scope = call.scope();
  const { repository } = call.services;
  const variable = await repository.get(scope, 'deviceVariable', Number(body.variableId));
  const variables = await repository.all(scope, 'deviceVariable', {
    filters: [{ field: 'deviceId', op: 'eq', value: variable.deviceId }],
    sortField: 'id',
    sortOrder: 'asc',
  });
  const names = new Map(variables.map((v) => [Number(v.id), String(v.name)]));
  const maps = await repository.all(scope, 'variableMap', {
    filters: [{ field: 'variableId', op: 'in', value: [...names.keys()] }],
    sortField: 'register',
    sortOrder: 'asc',
  });
  const siblings = maps
    .filter((m) => Number(m.id) !== id && Number(m.variableId) !== Number(body.variableId))
    .map((m) => ({ ...asMap(m), variableName: names.get(Number(m.variableId)) ?? '' }));
  const refusal = refusalOf(asMap({ ...body }), siblings);
  if (refusal) throw refuseField(call.t, owner, refusal.path, refusal.key, refusal.params);
}

/** `POST device/variablemap`: maps a variable, once the map is one a collector can read. */
export const saveVariableMap: Handler = async (call) => {
  const body = call.body as EntityRecord;
  await check(call, body);
  return call.services.repository.create(call.scope(), 'variableMap', body);
};

/** `PUT device/variablemap`: replaces a map, once it is one a collector can read. */
export const updateVariableMap: Handler = async (call) => {
  const body = call.body as EntityRecord;
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  await check(call, body, body.id);
  return call.services.repository.update(call.scope(), 'variableMap', body.id, body);
};

/** The named handlers of collection, by their `x-handler` name. */
export const collectionHandlers: Record<string, Handler> = { saveVariableMap, updateVariableMap, issueMqttCredentials };
