import type { components } from '../../generated/api';
import type { Api } from '../api/client';
import type { DataNeed, NeedSuccess } from './needs';
import type { BatchFetcher, NeedAnswer } from './scheduler';

type BatchAnswer = components['schemas']['DataBatchAnswer'];

/** Code 0: the need's call answered it (a failure's code is never 0). */
const succeeded = (answer: BatchAnswer): answer is NeedSuccess => answer.code === 0;

/** An answer of the batch call as the scheduler takes it: the data, typed by the call that answered, or the failure. */
export function needAnswer(answer: BatchAnswer): NeedAnswer {
  if (!succeeded(answer)) return { ok: false, code: answer.code, message: answer.msg };
  const { code: _code, msg: _msg, ...data } = answer;
  return { ok: true, ...data };
}

/** Sends needs through the batch data call; each answer is its call's envelope (code 0 with data, or a failure). */
export function batchFetcher(api: Api): BatchFetcher {
  return async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
    const answers = await api.call('getDashboardData', { body: { needs } }, { silent: true });
    return answers.map(needAnswer);
  };
}
