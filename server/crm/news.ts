import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import type { Db, EntityRecord } from '../resources/repository';

type Target = 'news' | 'comment';

/** The `userId` of a like call names the caller, or the call is refused: the server never acts for someone else. */
function checkCaller(call: CallContext): void {
  if (Number(call.query.userId) !== Number(call.scope().userId))
    throw new ApiError('forbidden', { message: 'errors.notYourself' });
}

const tableOf = (call: CallContext, entity: string) => call.services.repository.model(entity).table;

/** Who likes each of the targets (one name per person, latest first). */
async function likesOf(
  call: CallContext,
  target: Target,
  ids: number[],
): Promise<Map<number, { userId: number; userName: string }[]>> {
  const likes = new Map<number, { userId: number; userName: string }[]>();
  if (ids.length === 0) return likes;
  const db = call.data();
  const rows = await db
    .selectFrom(tableOf(call, 'newsLike'))
    .select(['targetId', 'userId', 'userName'])
    .where('tenantId', '=', call.scope().tenantId)
    .where('targetType', '=', target)
    .where('targetId', 'in', ids)
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = likes.get(Number(row.targetId)) ?? [];
    if (!list.some((like) => like.userId === Number(row.userId)))
      list.push({ userId: Number(row.userId), userName: String(row.userName) });
    likes.set(Number(row.targetId), list);
  }
  return likes;
}

/** Likes or stops liking a target as the caller; liking twice leaves one like. */
async function setLike(call: CallContext, target: Target, targetId: number, on: boolean): Promise<void> {
  const scope = call.scope();
  const db = call.data();
  const table = tableOf(call, 'newsLike');
  if (!on) {
    await db
      .deleteFrom(table)
      .where('tenantId', '=', scope.tenantId)
      .where('targetType', '=', target)
      .where('targetId', '=', targetId)
      .where('userId', '=', scope.userId)
      .execute();
    return;
  }
  const existing = await db
    .selectFrom(table)
    .select('id')
    .where('tenantId', '=', scope.tenantId)
    .where('targetType', '=', target)
    .where('targetId', '=', targetId)
    .where('userId', '=', scope.userId)
    .executeTakeFirst();
  if (!existing) await call.services.repository.create(scope, 'newsLike', { targetType: target, targetId });
}

/** `GET comment/likeEnterpriseNewsInfo`, and the answer of the like calls of an article. */
async function newsInfo(call: CallContext, newsId: number): Promise<unknown> {
  const scope = call.scope();
  await call.services.repository.get(scope, 'enterpriseNews', newsId);
  const likes = (await likesOf(call, 'news', [newsId])).get(newsId) ?? [];
  const db = call.data();
  const comments = await db
    .selectFrom(tableOf(call, 'newsComment'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenantId', '=', scope.tenantId)
    .where('enterpriseNewsId', '=', newsId)
    .executeTakeFirst();
  return {
    enterpriseNewsId: newsId,
    likeCount: likes.length,
    liked: likes.some((like) => like.userId === Number(scope.userId)),
    commentCount: Number(comments?.count ?? 0),
    likers: likes.slice(0, 20).map((like) => like.userName),
  };
}

/** A comment as the caller sees it: its likes, whether they like it, whether they wrote it. */
async function withLikes(call: CallContext, comments: EntityRecord[]): Promise<EntityRecord[]> {
  const me = Number(call.scope().userId);
  const likes = await likesOf(
    call,
    'comment',
    comments.map((comment) => Number(comment.id)),
  );
  return comments.map((comment) => {
    const of = likes.get(Number(comment.id)) ?? [];
    return {
      ...comment,
      replyToId: comment.replyToId ?? null,
      likeCount: of.length,
      liked: of.some((like) => like.userId === me),
      mine: Number(comment.userId) === me,
    };
  });
}

async function commentAsSeen(call: CallContext, id: number): Promise<EntityRecord> {
  const [comment] = await withLikes(call, [await call.services.repository.get(call.scope(), 'newsComment', id)]);
  return comment ?? {};
}

const likeNews =
  (on: boolean): Handler =>
  async (call) => {
    checkCaller(call);
    const newsId = Number(call.query.enterpriseNewsId);
    await call.services.repository.get(call.scope(), 'enterpriseNews', newsId);
    await setLike(call, 'news', newsId, on);
    return newsInfo(call, newsId);
  };

const likeComment =
  (on: boolean): Handler =>
  async (call) => {
    checkCaller(call);
    const commentId = Number(call.query.commentId);
    await call.services.repository.get(call.scope(), 'newsComment', commentId);
    await setLike(call, 'comment', commentId, on);
    return commentAsSeen(call, commentId);
  };

/** `GET comment/getEnterpriseCommentData`: the comments of an article, oldest first. */
export const newsComments: Handler = async (call) => {
  const { current, size } = call.query as { current: number; size: number };
  const newsId = Number(call.query.enterpriseNewsId);
  const scope = call.scope();
  await call.services.repository.get(scope, 'enterpriseNews', newsId);
  const page = await call.services.repository.list(scope, 'newsComment', {
    filters: [{ field: 'enterpriseNewsId', op: 'eq', value: newsId }],
    sortField: 'createTime',
    sortOrder: 'asc',
    current,
    size,
  });
  return { records: await withLikes(call, page.records), total: page.total, current, size };
};

/** `POST comment/newComment/{enterpriseNewsId}`: a reply answers a comment of the same article. */
export const newComment: Handler = async (call) => {
  const newsId = Number(call.params.enterpriseNewsId);
  const { content, replyToId } = call.body as { content: string; replyToId?: number };
  const scope = call.scope();
  const { repository } = call.services;
  await repository.get(scope, 'enterpriseNews', newsId);
  if (replyToId !== undefined) {
    const answered = await repository.get(scope, 'newsComment', replyToId);
    if (Number(answered.enterpriseNewsId) !== newsId)
      throw new ApiError('validation', { detail: 'replyToId: the comment answered is of another article' });
  }
  const created = await repository.create(scope, 'newsComment', {
    enterpriseNewsId: newsId,
    content,
    ...(replyToId !== undefined ? { replyToId } : {}),
  });
  return commentAsSeen(call, Number(created.id));
};

/** A comment and the replies below it, at any depth. */
async function threadOf(call: CallContext, db: Db, id: number): Promise<number[]> {
  const ids = [id];
  for (let level = [id]; level.length > 0;) {
    const rows = await db
      .selectFrom(tableOf(call, 'newsComment'))
      .select('id')
      .where('tenantId', '=', call.scope().tenantId)
      .where('replyToId', 'in', level)
      .execute();
    level = rows.map((row) => Number(row.id)).filter((reply) => !ids.includes(reply));
    ids.push(...level);
  }
  return ids;
}

/** `DELETE comment/delComment`: one's own comment, or any as an administrator; its replies and likes go with it. */
export const delComment: Handler = async (call) => {
  const id = Number(call.query.id);
  const scope = call.scope();
  const { repository } = call.services;
  const comment = await repository.get(scope, 'newsComment', id);
  if (Number(comment.userId) !== Number(scope.userId) && !call.auth.user?.isAdmin)
    throw new ApiError('forbidden', { message: 'errors.notCommentAuthor' });
  const db = call.data();
  await db.transaction().execute(async (trx) => {
    const thread = await threadOf(call, trx, id);
    await trx
      .deleteFrom(tableOf(call, 'newsLike'))
      .where('tenantId', '=', scope.tenantId)
      .where('targetType', '=', 'comment')
      .where('targetId', 'in', thread)
      .execute();
    await repository.delete(scope, 'newsComment', id, { db: trx });
  });
  return true;
};

export const newsHandlers: Record<string, Handler> = {
  crmLikeNews: likeNews(true),
  crmCancelLikeNews: likeNews(false),
  crmNewsLikeInfo: (call) => newsInfo(call, Number(call.query.enterpriseNewsId)),
  crmNewsComments: newsComments,
  crmNewComment: newComment,
  crmDelComment: delComment,
  crmLikeComment: likeComment(true),
  crmCancelLikeComment: likeComment(false),
};
