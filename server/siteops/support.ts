import type { Handler } from '../http/services';

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
