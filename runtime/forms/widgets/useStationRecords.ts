import type { Registry } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { Api } from '../../api/client';
import { useRuntime } from '../../RuntimeContext';

/**
 * What a picker lists of the dashboard's station (`formContext.stationSn`), loaded once per
 * station by `load` (a function defined outside the component). Empty until it has come, and when
 * it fails: the picker still shows what is stored, and the form can still be saved.
 */
export function useStationRecords<T>(registry: Registry, load: (api: Api, stationSn: string) => Promise<T[]>): T[] {
  const { api } = useRuntime();
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;
  const [records, setRecords] = useState<T[]>([]);
  useEffect(() => {
    if (!stationSn) return;
    let live = true;
    load(api, stationSn)
      .then((answer) => {
        if (live) setRecords(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, stationSn, load]);
  return records;
}
