import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { outsideAllowed } from './definitions';
import { PDF, reportJobOf, runAnswer, XLSX } from './runner';

async function filesOf(call: CallContext, runIds: number[]) {
  if (runIds.length === 0) return [];
  const db = call.data();
  return db
    .selectFrom('reportFile')
    .select(['id', 'runId', 'name', 'mime', 'bytes'])
    .where('tenantId', '=', call.scope().tenantId)
    .where('runId', 'in', runIds)
    .orderBy('id')
    .execute();
}

/** A run of the caller's tenant with its files, or 404. */
async function runOf(call: CallContext, id: number) {
  const db = call.data();
  const run = await db
    .selectFrom('reportRun')
    .selectAll()
    .where('tenantId', '=', call.scope().tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!run) throw new ApiError('notFound');
  return runAnswer(run, await filesOf(call, [id]));
}

/** `POST /manager/report/definition/{id}/run`: the report made and sent now; answers the run. */
export const runReportNow: Handler = async (call) => {
  const job = reportJobOf(call.services);
  const runId = await job.runNow(call.scope(), Number(call.params.id));
  return runOf(call, runId);
};

/** `GET /manager/report/run/page`: the inbox, newest first. */
export const reportRunPage: Handler = async (call) => {
  const { current, size, definitionId, status } = call.query as {
    current: number;
    size: number;
    definitionId?: number;
    status?: string;
  };
  const db = call.data();
  let where = db.selectFrom('reportRun').where('tenantId', '=', call.scope().tenantId);
  if (definitionId !== undefined) where = where.where('definitionId', '=', definitionId);
  if (status !== undefined) where = where.where('status', '=', status as 'sent');
  const counted = await where.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const runs = await where
    .selectAll()
    .orderBy('scheduledFor', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const files = await filesOf(
    call,
    runs.map((r) => Number(r.id)),
  );
  return {
    records: runs.map((run) =>
      runAnswer(
        run,
        files.filter((f) => Number(f.runId) === Number(run.id)),
      ),
    ),
    total: Number(counted?.count ?? 0),
    current,
    size,
  };
};

/** A file of a run of the caller's tenant, as a download; 404 when the run made none of that type. */
function download(mime: string): Handler {
  return async (call) => {
    const db = call.data();
    const file = await db
      .selectFrom('reportFile')
      .select(['name', 'content'])
      .where('tenantId', '=', call.scope().tenantId)
      .where('runId', '=', Number(call.params.id))
      .where('mime', '=', mime)
      .executeTakeFirst();
    if (!file) throw new ApiError('notFound');
    return call.reply
      .type(mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(Buffer.from(file.content));
  };
}

/** `GET /manager/report/policy`: whether outside recipients are allowed. */
export const getReportPolicy: Handler = async (call) => ({
  allowOutside: await outsideAllowed(call.data(), call.scope().tenantId),
});

/** `PUT /manager/report/policy` (administrators): allow or forbid outside recipients. */
export const saveReportPolicy: Handler = async (call) => {
  const scope = call.scope();
  const allowOutside = (call.body as { allowOutside: boolean }).allowOutside ? 1 : 0;
  const values = { allowOutside, updatedBy: scope.userId, updateTime: new Date().toISOString() };
  const db = call.data();
  await db
    .insertInto('reportPolicy')
    .values({ tenantId: scope.tenantId, ...values })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
    .execute();
  return { allowOutside: allowOutside === 1 };
};

/** The named handlers of reports, by their `x-handler` name. */
export const reportHandlers: Record<string, Handler> = {
  runReportNow,
  reportRunPage,
  reportPdf: download(PDF),
  reportWorkbook: download(XLSX),
  getReportPolicy,
  saveReportPolicy,
};
