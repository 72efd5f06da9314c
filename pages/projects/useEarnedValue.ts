import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import type { EarnedValueAnswer, EarnedValueMonths } from './earnedValueAnswer';
import { monthPoints } from './earnedValueMonths';

/** Month ends asked at once: the chart's calls go a few at a time, not 24 together. */
const AT_ONCE = 4;

export interface EarnedValueQuery {
  orderId: number;
  stationId?: number;
}

/**
 * An order's earned value today (of one station when one is chosen), and then the same call once per
 * month from the order's first planned month: each month's end, this month today's answer.
 */
export function useEarnedValue(query: EarnedValueQuery | undefined) {
  const { api } = useRuntime();
  const ask = (asked: EarnedValueQuery, date?: string) =>
    api.call(
      'getEarnedValueStatistics',
      { query: { ...asked, ...(date ? { date } : {}) } },
      { silent: true },
    ) as Promise<EarnedValueAnswer>;
  const key = JSON.stringify(query ?? null);
  // The figures shown stay while another station's load; the months wait for the figures of the station chosen.
  const today = useAnswer<EarnedValueAnswer>(query ? () => ask(query) : undefined, key, { keep: true });
  const current = today.loading ? undefined : today.data;
  const months = useAnswer<EarnedValueMonths>(
    current && query
      ? async () => {
          const { points, cut } = monthPoints(current.firstPlannedDay, current.date);
          const answers: EarnedValueAnswer[] = [];
          const past = points.filter((point) => !point.today);
          for (let start = 0; start < past.length; start += AT_ONCE) {
            answers.push(...(await Promise.all(past.slice(start, start + AT_ONCE).map((point) => ask(query, point.day)))));
          }
          answers.push(current);
          return {
            cut,
            points: points.map((point, index) => {
              const answer = answers[index] ?? current;
              return {
                month: point.month,
                day: answer.date,
                plannedValue: answer.plannedValue,
                earnedValue: answer.earnedValue,
                actualCost: answer.actualCost,
              };
            }),
          };
        }
      : undefined,
    `${key} ${current ? `${current.date} ${String(current.firstPlannedDay)}` : ''}`,
  );
  return { today, months };
}
