import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { formatLocal } from '../telemetry/calendar';
import type { CatalogVariable } from '../telemetry/catalog';
import { catalogOf, stationOf, variablesOf } from '../telemetry/lookup';

/** The controllable variables of some, with their value and the latest command to each. */
async function statusOf(call: CallContext, variables: CatalogVariable[]) {
  const tenantId = call.scope().tenantId;
  const ids = variables.map((v) => v.id);
  const db = call.data();
  // The commands before the values: a command is marked done together with the reading that
  // shows it, so a done command read first always comes with its reading.
  const commands = ids.length
    ? await db
        .selectFrom('ykCommand')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('varId', 'in', ids)
        .orderBy('id', 'desc')
        .execute()
    : [];
  const latest = new Map((await call.services.telemetry.store.latest(tenantId, ids)).map((s) => [s.varId, s]));
  return variables.map((variable) => {
    const state = latest.get(variable.id);
    const command = commands.find((c) => c.varId === variable.id);
    return {
      sn: variable.sn,
      name: variable.name,
      deviceSn: variable.deviceSn,
      deviceName: variable.deviceName,
      value: state ? state.value : null,
      ...(state ? { time: formatLocal(Number(state.ts), variable.zone) } : {}),
      ...(command
        ? {
            command: {
              id: command.id,
              value: command.value,
              userName: command.userName,
              status: command.status,
              time: formatLocal(Number(command.createTime), variable.zone),
              ...(command.doneTime ? { doneTime: formatLocal(Number(command.doneTime), variable.zone) } : {}),
              ...(command.reason ? { reason: command.reason } : {}),
            },
          }
        : {}),
    };
  });
}

/** `yk/variables/{stationSn}`: what remote control can set at a station. */
export const ykVariables: Handler = async (call) => {
  const station = await stationOf(call, String(call.params.stationSn));
  const catalog = await catalogOf(call);
  return statusOf(
    call,
    (catalog.byStation.get(String(station.sn)) ?? []).filter((v) => v.controllable),
  );
};

/** `yk/status`: the value of controllable variables and the latest command to each. */
export const ykStatus: Handler = async (call) => {
  const variables = variablesOf(await catalogOf(call), String(call.query.sns));
  if (variables.some((v) => !v.controllable)) throw new ApiError('notControllable');
  return statusOf(call, variables);
};

/**
 * `yk/control`: records the command, with who sent it and when; the collector polling the
 * variable's channel writes it to the device, and marks it done when a reading shows it (failed
 * when the device refuses it, or no reading shows it in time).
 */
export const ykControl: Handler = async (call) => {
  const scope = call.scope();
  const { sn, value } = call.body as { sn: string; value: number };
  const variable = (await catalogOf(call)).bySn.get(sn);
  if (!variable) throw new ApiError('notFound');
  if (!variable.controllable) throw new ApiError('notControllable');
  const db = call.data();
  const inserted = await db
    .insertInto('ykCommand')
    .values({
      tenantId: scope.tenantId,
      stationId: variable.stationId,
      varId: variable.id,
      value,
      userId: scope.userId,
      userName: scope.userName,
      status: 'sent',
      createTime: Date.now(),
      doneTime: null,
      reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, sn, value, status: 'sent' };
};

/** The named handlers of remote control, by their `x-handler` name. */
export const controlHandlers: Record<string, Handler> = { ykVariables, ykStatus, ykControl };
