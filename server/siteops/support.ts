import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import { resourceHandler } from '../resources/handlers';

/** `POST supportDetail/setQuoteBasis?supportDetailId=`: the quote-basis step, by the id the specification names. */
export const siteopsSetQuoteBasis: Handler = (call) =>
  call.services.repository.transition(call.scope(), 'supportRequest', Number(call.query.supportDetailId), 'setQuoteBasis');

/** `GET supportDetail/updateSupportRead?id=`: the requester has read the outcome of the review. */
export const siteopsSupportRead: Handler = (call) =>
  call.services.repository.patch(call.scope(), 'supportRequest', Number(call.query.id), {}, { set: { isRead: 1 } });

/** `PUT supportNotice/setReadFlag?noticeId=&readFlag=`: sets or clears the read flag of a support message. */
export const siteopsSupportNoticeReadFlag: Handler = (call) =>
  call.services.repository.patch(
    call.scope(),
    'supportNotice',
    Number(call.query.noticeId),
    {},
    { set: { readFlag: call.query.readFlag === true ? 1 : 0 } },
  );

/**
 * `PUT supportDetail/updateSupport`: a request is changed while it is a draft; once submitted only
 * its steps change it (409 otherwise, nothing written).
 */
export const siteopsUpdateSupport: Handler = async (call) => {
  const { id } = call.body as { id?: unknown };
  if (typeof id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  const before = await call.services.repository.get(call.scope(), 'supportRequest', id);
  if (before.status !== 'draft') throw new ApiError('siteopsNotDraft');
  return resourceHandler(call.operation, { entity: 'supportRequest', action: 'update' })(call);
};
