import { useEffect, useState } from 'react';
import type { Alarm } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { recordsQuery, type AlarmFilters } from './alarmRecords';

export interface AlarmPage {
  records: Alarm[];
  total: number;
  loading: boolean;
}

/** A page of the alarm records the filters select, newest first; read again when `version` changes. */
export function useAlarmRecords(filters: AlarmFilters, current: number, size: number, version: number): AlarmPage {
  const { api } = useRuntime();
  const [page, setPage] = useState<AlarmPage>({ records: [], total: 0, loading: true });
  const query = JSON.stringify(recordsQuery(filters));
  useEffect(() => {
    let live = true;
    setPage((before) => ({ ...before, loading: true }));
    api
      .call('getAlarmPage', { query: { ...(JSON.parse(query) as object), current, size: size as 10 } })
      .then((answer) => {
        if (live) setPage({ records: answer.records, total: answer.total, loading: false });
      })
      .catch(() => {
        // The API client has shown the failure; the records shown stay.
        if (live) setPage((before) => ({ ...before, loading: false }));
      });
    return () => {
      live = false;
    };
  }, [api, query, current, size, version]);
  return page;
}
