import { useEffect, useRef, useState } from 'react';
import type { Alarm } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { useRefreshTick } from '../../runtime/api/useRefreshTick';
import { listQuery, type AlarmFilters, type AlarmList } from './alarmRecords';

export interface AlarmPage {
  records: Alarm[];
  total: number;
  /** Whether other records than those shown are loading (a new filter, page or size; a confirmation): not a timed refresh. */
  loading: boolean;
}

/**
 * A page of the alarm records of `list` the filters select, newest first; read again when `version`
 * changes and every `refreshMs` while the page is shown. A timed refresh is quiet: the records shown
 * stay without a spinner until the new ones come, and a failure of it keeps them without a message
 * (the next refresh tries again).
 */
export function useAlarmRecords(
  list: AlarmList,
  filters: AlarmFilters,
  current: number,
  size: number,
  version: number,
  refreshMs?: number,
): AlarmPage {
  const { api } = useRuntime();
  const [page, setPage] = useState<AlarmPage>({ records: [], total: 0, loading: true });
  const tick = useRefreshTick(refreshMs);
  const query = JSON.stringify(listQuery(list, filters));
  /** What was last asked for, but for the timer: the same again is a refresh. */
  const asked = useRef<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const what = `${list} ${query} ${current} ${size} ${version}`;
    const refresh = asked.current === what;
    asked.current = what;
    if (!refresh) setPage((before) => ({ ...before, loading: true }));
    const asking = { query: { ...(JSON.parse(query) as object), current, size: size as 10 } };
    const quietly = refresh ? { silent: true } : undefined;
    api
      .call(list, asking, quietly)
      .then((answer) => {
        if (live) setPage({ records: answer.records, total: answer.total, loading: false });
      })
      .catch(() => {
        // The API client has shown the failure (unless a refresh); the records shown stay.
        if (live) setPage((before) => ({ ...before, loading: false }));
      });
    return () => {
      live = false;
    };
  }, [api, list, query, current, size, version, tick]);
  return page;
}
