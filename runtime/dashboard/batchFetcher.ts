import type { Api } from '../api/client';
import type { DataNeed } from './needs';
import type { BatchFetcher, NeedAnswer } from './scheduler';

/** Sends needs through the batch data call; each answer is its call's envelope (code 0 with data, or a failure). */
export function batchFetcher(api: Api): BatchFetcher {
  return async (needs: DataNeed[]): Promise<NeedAnswer[]> => {
    const answers = await api.call('getDashboardData', { body: { needs } }, { silent: true });
    return answers.map((answer) =>
      answer.code === 0 ? { ok: true, data: answer.data } : { ok: false, code: answer.code, message: answer.msg },
    );
  };
}
