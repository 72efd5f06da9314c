import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** Where the robot is told to be, or what it runs, after each command. */
function afterCommand(command: string, nextTask: EntityRecord | undefined): EntityRecord {
  if (command === 'start') return { currentTask: nextTask ? String(nextTask.name) : null };
  if (command === 'returnToDock') return { currentTask: null };
  return {};
}

/**
 * `POST robot/{id}/start|returnToDock|stop|dock`: moves the robot along its state machine (409 and
 * nothing written from a state the command does not start from) and records the command, by the
 * signed-in user, in the robot's log, as the remote-control widget's commands are recorded. Start
 * takes the robot's next planned task (earliest planned time) as its current task and marks it
 * running.
 */
export const robotCommand: Handler = async (call: CallContext) => {
  const scope = call.scope();
  const { repository } = call.services;
  // The transition of the robot's state machine (`schemas/entities/robot.json`) is the call's `x-transition`.
  const command = call.operation.transition?.transition;
  if (!command) throw new Error(`${call.operation.operationId} names no transition of the robot`);
  const id = Number(call.params.id);
  const robot = await repository.transition(scope, 'robot', id, command);
  const [nextTask] =
    command === 'start'
      ? (
          await repository.list(scope, 'robotTask', {
            filters: [
              { field: 'robotId', op: 'eq', value: id },
              { field: 'status', op: 'eq', value: 'planned' },
            ],
            sortField: 'planTime',
            sortOrder: 'asc',
            current: 1,
            size: 1,
          })
        ).records
      : [];
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    const changes = afterCommand(command, nextTask);
    if (Object.keys(changes).length > 0)
      await trx.updateTable('robot').set(changes).where('tenantId', '=', scope.tenantId).where('id', '=', id).execute();
    if (nextTask)
      await trx
        .updateTable('robotTask')
        .set({ status: 'running' })
        .where('tenantId', '=', scope.tenantId)
        .where('id', '=', Number(nextTask.id))
        .execute();
    await trx
      .insertInto('robotEvent')
      .values({
        tenantId: scope.tenantId,
        robotId: id,
        time: new Date().toISOString(),
        kind: 'command',
        command,
        userName: scope.userName,
      })
      .execute();
  });
  return { ...robot, ...(await repository.get(scope, 'robot', id)) };
};

export const robotHandlers: Record<string, Handler> = { robotCommand };
