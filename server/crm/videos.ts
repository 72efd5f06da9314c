import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';

type Kind = 'like' | 'collect';

const tableOf = (call: CallContext, entity: string) => call.services.repository.model(entity).table;

/** `GET enterpriseVideo/info`, and the answer of the like and collect calls: a course with its figures, as the caller sees it. */
async function videoInfo(call: CallContext, videoId: number): Promise<unknown> {
  const scope = call.scope();
  const db = call.data();
  const video = await call.services.repository.get(scope, 'enterpriseVideo', videoId);
  const reactions = await db
    .selectFrom(tableOf(call, 'crmVideoReaction'))
    .select(['kind', 'userId'])
    .where('tenantId', '=', scope.tenantId)
    .where('videoId', '=', videoId)
    .execute();
  const people = (kind: Kind) => new Set(reactions.filter((r) => r.kind === kind).map((r) => Number(r.userId)));
  const views = await db
    .selectFrom(tableOf(call, 'videoView'))
    .select(['userId', 'progress'])
    .where('tenantId', '=', scope.tenantId)
    .where('videoId', '=', videoId)
    .execute();
  const me = Number(scope.userId);
  const mine = views.find((view) => Number(view.userId) === me);
  return {
    video,
    likeCount: people('like').size,
    collectCount: people('collect').size,
    learnerCount: new Set(views.map((view) => Number(view.userId))).size,
    liked: people('like').has(me),
    collected: people('collect').has(me),
    progress: Number(mine?.progress ?? 0),
  };
}

/** Likes or collects a course as the caller (twice leaves one), or takes it back. */
const react =
  (kind: Kind, on: boolean): Handler =>
  async (call) => {
    const videoId = Number(call.query.videoId);
    const scope = call.scope();
    const db = call.data();
    const table = tableOf(call, 'crmVideoReaction');
    await call.services.repository.get(scope, 'enterpriseVideo', videoId);
    if (on) {
      const existing = await db
        .selectFrom(table)
        .select('id')
        .where('tenantId', '=', scope.tenantId)
        .where('videoId', '=', videoId)
        .where('kind', '=', kind)
        .where('userId', '=', scope.userId)
        .executeTakeFirst();
      if (!existing) await call.services.repository.create(scope, 'crmVideoReaction', { videoId, kind });
    } else {
      await db
        .deleteFrom(table)
        .where('tenantId', '=', scope.tenantId)
        .where('videoId', '=', videoId)
        .where('kind', '=', kind)
        .where('userId', '=', scope.userId)
        .execute();
    }
    return videoInfo(call, videoId);
  };

/** `GET enterpriseVideo/myCollects`: the caller's collection, latest collected first. */
export const myCollectedVideos: Handler = async (call) => {
  const { current, size } = call.query as { current: number; size: number };
  const scope = call.scope();
  const db = call.data();
  const collected = db
    .selectFrom(tableOf(call, 'crmVideoReaction'))
    .where('tenantId', '=', scope.tenantId)
    .where('kind', '=', 'collect')
    .where('userId', '=', scope.userId);
  const counted = await collected.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const rows = await collected
    .select('videoId')
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const records: EntityRecord[] = [];
  for (const row of rows) records.push(await call.services.repository.get(scope, 'enterpriseVideo', Number(row.videoId)));
  return { records, total: Number(counted?.count ?? 0), current, size };
};

/** `POST enterpriseVideo/view`: one record per learner and course, keeping the furthest point reached. */
export const recordVideoView: Handler = async (call) => {
  const { videoId, progress } = call.body as { videoId: number; progress: number };
  const scope = call.scope();
  const { repository } = call.services;
  const video = await repository.get(scope, 'enterpriseVideo', videoId);
  const duration = Number(video.duration ?? 0);
  const viewTime = new Date().toISOString();
  const db = call.data();
  const existing = await db
    .selectFrom(tableOf(call, 'videoView'))
    .select(['id', 'progress'])
    .where('tenantId', '=', scope.tenantId)
    .where('videoId', '=', videoId)
    .where('userId', '=', scope.userId)
    .executeTakeFirst();
  const furthest = Math.max(progress, Number(existing?.progress ?? 0));
  const values = { videoId, progress: furthest, finished: duration > 0 && furthest >= duration, viewTime };
  if (existing) return repository.patch(scope, 'videoView', Number(existing.id), values);
  return repository.create(scope, 'videoView', values);
};

/** `GET enterpriseVideo/viewRecords`: an administrator sees every learner's records, anyone else their own. */
export const videoViewRecords: Handler = async (call) => {
  const { current, size, sortOrder, videoId } = call.query as {
    current: number;
    size: number;
    sortOrder?: 'asc' | 'desc';
    videoId?: number;
  };
  const scope = call.scope();
  const filters: Filter[] = videoId ? [{ field: 'videoId', op: 'eq', value: videoId }] : [];
  const page = await call.services.repository.list(scope, 'videoView', {
    filters,
    ...(call.auth.user?.isAdmin ? {} : { ownedBy: scope.userId }),
    sortField: 'viewTime',
    sortOrder: sortOrder ?? 'desc',
    current,
    size,
  });
  return { ...page, current, size };
};

export const videoHandlers: Record<string, Handler> = {
  crmVideoInfo: (call) => videoInfo(call, Number(call.query.id)),
  crmLikeEnterpriseVideo: react('like', true),
  crmCancelLikeEnterpriseVideo: react('like', false),
  crmCollectEnterpriseVideo: react('collect', true),
  crmCancelCollectEnterpriseVideo: react('collect', false),
  crmMyCollectedVideos: myCollectedVideos,
  crmRecordVideoView: recordVideoView,
  crmVideoViewRecords: videoViewRecords,
};
