import { ApiError, ERRORS } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { fieldLabel } from '../http/validation';
import type { EntityRecord } from '../resources/repository';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, stationOf, variableAnswer } from '../telemetry/lookup';

/**
 * The variables a query names: of a device (`deviceSn`), of every device of a station
 * (`stationSn`), else every variable of the tenant. An unknown device or station is a 404.
 */
export async function variablesNamed(call: CallContext): Promise<CatalogVariable[]> {
  const catalog = await catalogOf(call);
  const { deviceSn, stationSn } = call.query as { deviceSn?: string; stationSn?: string };
  let variables = [...catalog.byId.values()];
  if (stationSn !== undefined) {
    await stationOf(call, stationSn);
    variables = variables.filter((v) => v.stationSn === stationSn);
  }
  if (deviceSn !== undefined) {
    await call.services.repository.findBy(call.scope(), 'device', 'sn', deviceSn);
    variables = variables.filter((v) => v.deviceSn === deviceSn);
  }
  return variables;
}

/** `get_vars`: the variables of a device, of a station, or of the tenant. */
export const emsGetVars: Handler = async (call) => (await variablesNamed(call)).map(variableAnswer);

/** `get_vars/simplify`: the same, in brief. */
export const emsGetVarsSimplify: Handler = async (call) =>
  (await variablesNamed(call)).map((v) => ({ sn: v.sn, name: v.name, unit: v.unit }));

/**
 * `batchImport`: creates every variable in one transaction; the first one refused (its device
 * unknown, its serial number taken, also by an earlier one of the batch) undoes them all and the
 * answer names it.
 */
export const emsImportVars: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const items = (call.body as { variables: EntityRecord[] }).variables;
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const created: EntityRecord[] = [];
    for (const [index, item] of items.entries()) {
      try {
        created.push(await repository.create(scope, 'deviceVariable', item, { db: trx }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind === 'internal') throw error;
        // Answered beside the variable's field refused (its serial number taken), or the variable's whole entry.
        const { field } = error.params;
        const params = field
          ? { ...error.params, field: fieldLabel({ labels: 'entities.deviceVariable' }, field, call.t) }
          : error.params;
        const reason = call.t(ERRORS[error.kind].key, params);
        const path = field ? `variables.${index}.${field}` : `variables.${index}`;
        throw new ApiError('validation', { detail: `variables.${index}.sn ${String(item.sn)}: ${reason}` }, [
          { path, message: reason },
        ]);
      }
    }
    return created;
  });
};

/** Registers a value of each data type takes. */
const REGISTERS: Record<string, number> = {
  bool: 1,
  int16: 1,
  uint16: 1,
  int32: 2,
  uint32: 2,
  float32: 2,
  int64: 4,
  float64: 4,
};

/** `variablemap/datatypes`: the data types, labelled in the caller's language. */
export const emsDataTypes: Handler = async (call) =>
  Object.entries(REGISTERS).map(([code, registers]) => ({ code, name: call.t(`enums.emsDevDataType.${code}`), registers }));

/** `linkedvariables/{id}`: the variables of an energy label with their devices and signs. */
export const emsLinkedVariables: Handler = async (call) => {
  const label = await call.services.repository.get(call.scope(), 'energyLabel', Number(call.params.id));
  const catalog = await catalogOf(call);
  return ((label.variables ?? []) as { variableId: number; sign?: number }[]).flatMap(({ variableId, sign }) => {
    const variable = catalog.byId.get(variableId);
    return variable
      ? [
          {
            variableId,
            sn: variable.sn,
            name: variable.name,
            unit: variable.unit,
            sign: sign ?? 1,
            deviceSn: variable.deviceSn,
            deviceName: variable.deviceName,
          },
        ]
      : [];
  });
};
