import type { TenantScope } from '../auth/context';
import { asMap, refusalOf, type SiblingMap } from '../collection/mapRules';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { refuseField } from '../http/validation';
import type { Db, EntityRecord, EntityRepository, WriteRule } from '../resources/repository';
import { mapOf, modelRefusal, type ModelVariable } from './modelMap';

const owner = { labels: 'entities.emsDeviceModel' };

/** The longest serial number of a variable (`deviceVariable.sn`). */
const VARIABLE_SN_LENGTH = 60;

/** Refuses a model whose register map a collector could not read: 400 naming the variable's field, nothing written. */
function check(call: CallContext, body: EntityRecord): void {
  const refusal = modelRefusal((body.variables as ModelVariable[] | undefined) ?? []);
  if (refusal) throw refuseField(call.t, owner, `variables.${refusal.index}.${refusal.path}`, refusal.key, refusal.params);
}

/** `POST device/emsDeviceModel`: a model, once its register map is one a collector can read. */
export const emsSaveDeviceModel: Handler = async (call) => {
  const body = call.body as EntityRecord;
  check(call, body);
  return call.services.repository.create(call.scope(), 'emsDeviceModel', body);
};

/** `PUT device/emsDeviceModel`: replaces a model, by the rules of its creation; its devices keep what it gave them. */
export const emsUpdateDeviceModel: Handler = async (call) => {
  const body = call.body as EntityRecord;
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  check(call, body);
  return call.services.repository.update(call.scope(), 'emsDeviceModel', body.id, body);
};

/** The records of an entity whose field has one of the values, read in the transaction `db`. */
const whose = (repository: EntityRepository, db: Db, scope: TenantScope, entity: string, field: string, values: unknown[]) =>
  values.length
    ? repository.all(scope, entity, { filters: [{ field, op: 'in', value: values }], sortField: 'id', sortOrder: 'asc' }, db)
    : Promise.resolve([]);

/**
 * The serial number of a variable a model gives a device: `{device}.{code}`, as the demo's are;
 * where that is too long or another variable has it, `D{device id}.{code}` (at most 52 characters).
 */
async function variableSn(repository: EntityRepository, db: Db, scope: TenantScope, device: EntityRecord, code: string) {
  const natural = `${String(device.sn)}.${code}`;
  if (natural.length <= VARIABLE_SN_LENGTH && !(await whose(repository, db, scope, 'deviceVariable', 'sn', [natural])).length)
    return natural;
  return `D${String(device.id)}.${code}`;
}

/**
 * Gives a device its model's variables and register maps, in the transaction `db`: a variable the
 * device has of a model's code is kept (its name, unit and serial number as they are) and its map
 * made or replaced by the model's; a code it lacks becomes a new variable. The device's other maps
 * stay, and a model's map reading their registers refuses the whole write (400).
 */
export async function applyModel(repository: EntityRepository, db: Db, scope: TenantScope, device: EntityRecord) {
  const model = await repository.get(scope, 'emsDeviceModel', Number(device.modelId), db);
  const items = (model.variables as ModelVariable[] | undefined) ?? [];
  const variables = await whose(repository, db, scope, 'deviceVariable', 'deviceId', [device.id]);
  const maps = await whose(
    repository,
    db,
    scope,
    'variableMap',
    'variableId',
    variables.map((v) => v.id),
  );
  const byCode = new Map(variables.map((v) => [String(v.code), v]));
  const byId = new Map(variables.map((v) => [Number(v.id), v]));
  const mapped = new Set(items.filter((item) => mapOf(item)).map((item) => item.code));
  const kept: SiblingMap[] = maps
    .filter((m) => !mapped.has(String(byId.get(Number(m.variableId))?.code)))
    .map((m) => ({ ...asMap(m), variableName: String(byId.get(Number(m.variableId))?.name) }));
  for (const item of items) {
    const map = mapOf(item);
    // The model's own rules held when it was saved: what can fail here is an overlap with the maps the device keeps.
    const refusal = map && refusalOf(map, kept);
    if (refusal) throw new ApiError('validation', { message: 'errors.modelMapConflict', code: item.code, ...refusal.params });
  }
  const mapOfVariable = new Map(maps.map((m) => [Number(m.variableId), m]));
  for (const item of items) {
    const variable =
      byCode.get(item.code) ??
      (await repository.create(
        scope,
        'deviceVariable',
        {
          sn: await variableSn(repository, db, scope, device, item.code),
          name: item.name,
          code: item.code,
          ...(item.unit !== undefined ? { unit: item.unit } : {}),
          kind: item.kind,
          controllable: item.controllable ?? false,
          deviceId: device.id,
        },
        { db },
      ));
    const map = mapOf(item);
    if (!map) continue;
    const existing = mapOfVariable.get(Number(variable.id));
    if (existing)
      await repository.update(
        scope,
        'variableMap',
        Number(existing.id),
        { ...existing, variableId: variable.id, ...map },
        { db },
      );
    else await repository.create(scope, 'variableMap', { variableId: variable.id, ...map }, { db });
  }
}

/**
 * The write rule of devices: a device made with a model, or given another, gets the model's
 * variables and maps in the same transaction, whichever call writes it (the device page, the
 * workbook import, a serial number's call, the demo). Saving a device whose model is unchanged
 * leaves its variables alone: a model changed later reaches a device by `applyModel`'s call.
 */
export function giveModel(repository: EntityRepository): WriteRule {
  return async ({ db, scope, record, before }) => {
    if (record.modelId === undefined || Number(record.modelId) === Number(before?.modelId)) return;
    await applyModel(repository, db, scope, record);
  };
}

/** `POST monitordevice/applyModel/{id}`: the device's model applied again (after it changed); answers the device's variables. */
export const emsApplyDeviceModel: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const device = await repository.get(scope, 'device', Number(call.params.id));
  if (device.modelId === undefined) throw new ApiError('validation', { message: 'errors.deviceHasNoModel' });
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    await applyModel(repository, trx, scope, device);
    return whose(repository, trx, scope, 'deviceVariable', 'deviceId', [device.id]);
  });
};
