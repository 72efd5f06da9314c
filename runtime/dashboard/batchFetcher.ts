import type { components } from '../../generated/api';
import type { Api } from '../api/client';
import type { DataNeed, NeedSuccess } from './needs';
import type { BatchFetcher, NeedAnswer } from './scheduler';

type BatchAnswer = components['schemas']['DataBatchAnswer'];
type Unchanged = components['schemas']['DataBatchUnchanged'];

const isUnchanged = (answer: BatchAnswer): answer is Unchanged => 'unchanged' in answer;
/** Code 0 with data: the need's call answered it (a failure's code is never 0). */
const succeeded = (answer: Exclude<BatchAnswer, Unchanged>): answer is NeedSuccess => answer.code === 0;

/**
 * An answer of the batch call as the scheduler takes it: the data, typed by the call that
 * answered, with its version; that the answer held is still the one; or the failure.
 */
export function needAnswer(answer: BatchAnswer): NeedAnswer {
  if (isUnchanged(answer)) return { ok: true, unchanged: true, version: answer.version };
  if (!succeeded(answer)) return { ok: false, code: answer.code, message: answer.msg };
  const { code: _code, msg: _msg, ...data } = answer;
  return { ok: true, ...data };
}

/**
 * Sends needs through the batch data call, each with the version of the answer held (so that
 * one still the same comes back as unchanged, without its data); each answer is its call's
 * envelope (code 0 with data, or a failure), or unchanged.
 */
export function batchFetcher(api: Api): BatchFetcher {
  return async (needs: DataNeed[], versions = []): Promise<NeedAnswer[]> => {
    const sent = needs.map((need, index) => {
      const version = versions[index];
      return version === undefined ? need : { ...need, version };
    });
    const answers = await api.call('getDashboardData', { body: { needs: sent } }, { silent: true });
    return answers.map(needAnswer);
  };
}
