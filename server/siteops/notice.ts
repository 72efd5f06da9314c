import { sql, type SqlBool } from 'kysely';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/**
 * One of the caller's own notices. Each user has their own copy of a notice (its owner is the
 * user it is for), so another user's notice, in the same tenant or not, does not exist to the caller.
 */
async function ownNotice(call: CallContext, id: number): Promise<EntityRecord> {
  const scope = call.scope();
  const notice = await call.services.repository.get(scope, 'notice', id);
  if (notice.userId !== scope.userId) throw new ApiError('notFound');
  return notice;
}

/** Not yet set: a flag column that is null or 0. */
const unset = (column: string) => sql<SqlBool>`coalesce(${sql.ref(column)}, 0) = 0`;

/** `GET notice/getById?id=`. */
export const siteopsGetNotice: Handler = (call) => ownNotice(call, Number(call.query.id));

/** `PUT notice/isRead/{id}`: read now (a notice read before keeps the time it was first read). */
export const siteopsReadNotice: Handler = async (call) => {
  const notice = await ownNotice(call, Number(call.params.id));
  if (notice.isRead === true) return notice;
  return call.services.repository.patch(
    call.scope(),
    'notice',
    Number(notice.id),
    {},
    {
      set: { isRead: 1, readTime: new Date().toISOString() },
    },
  );
};

/**
 * `PUT notice/handleNotice`: handled, with what was done; handling a notice reads it too. A notice
 * is handled once: handling it again would overwrite what was done, so it is refused (409).
 */
export const siteopsHandleNotice: Handler = async (call) => {
  const { id, handleResult } = call.body as { id: number; handleResult?: string };
  const notice = await ownNotice(call, id);
  if (notice.handled === true)
    throw new ApiError('transitionRefused', {
      transitionLabel: 'forms.siteopsNoticeHandle.title',
      stateLabel: 'entities.notice.fields.handled',
    });
  return call.services.repository.patch(
    call.scope(),
    'notice',
    id,
    {},
    {
      set: {
        handled: 1,
        handleResult: handleResult ?? null,
        isRead: 1,
        readTime: notice.readTime ?? new Date().toISOString(),
      },
    },
  );
};

/** `DELETE notice/{id}`. */
export const siteopsDeleteNotice: Handler = async (call) => {
  const notice = await ownNotice(call, Number(call.params.id));
  await call.services.repository.delete(call.scope(), 'notice', Number(notice.id));
  return true;
};

/** `DELETE notice/deleteByIds?ids=`: all of them or, when one is not the caller's, none. */
export const siteopsDeleteNotices: Handler = async (call) => {
  const ids = [...new Set(String(call.query.ids).split(',').map(Number))];
  if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2147483647))
    throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  for (const id of ids) await ownNotice(call, id);
  await call.services.repository.deleteMany(call.scope(), 'notice', ids);
  return true;
};

/**
 * `GET notice/getUnreadCount?userId=&tenantId=`: both must be the caller's own (403 otherwise),
 * since a user's notices are theirs alone.
 */
export const siteopsUnreadNoticeCount: Handler = async (call) => {
  const scope = call.scope();
  if (call.query.userId !== scope.userId || call.query.tenantId !== scope.tenantId)
    throw new ApiError('forbidden', { message: 'errors.siteopsNotOwnUser' });
  const db = call.data();
  const row = await db
    .selectFrom('notice')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenantId', '=', scope.tenantId)
    .where('userId', '=', scope.userId)
    .where(unset('isRead'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
};

/** `GET notice/getTaskCount`: the badges of the caller: notices, worksheets given to them, their inspections. */
export const siteopsNoticeTaskCount: Handler = async (call) => {
  const scope = call.scope();
  const db = call.data();
  const employeeId = call.auth.user?.employeeId ?? 0;
  const count = async (query: Promise<{ count: number | string | bigint } | undefined>) => Number((await query)?.count ?? 0);
  const notices = () =>
    db
      .selectFrom('notice')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenantId', '=', scope.tenantId)
      .where('userId', '=', scope.userId);
  const worksheets = (status: string) =>
    db
      .selectFrom('worksheet')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenantId', '=', scope.tenantId)
      .where('assigneeId', '=', employeeId)
      .where('status', '=', status)
      .executeTakeFirst();
  return {
    unreadNotices: await count(notices().where(unset('isRead')).executeTakeFirst()),
    unhandledNotices: await count(notices().where(unset('handled')).executeTakeFirst()),
    worksheetsToDo: await count(worksheets('toDo')),
    worksheetsInProgress: await count(worksheets('inProgress')),
    inspectionsPending: await count(
      db
        .selectFrom('inspectionTask')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenantId', '=', scope.tenantId)
        .where('inspectorId', '=', employeeId)
        .where(sql<SqlBool>`coalesce(${sql.ref('status')}, '') <> 'done'`)
        .executeTakeFirst(),
    ),
  };
};
