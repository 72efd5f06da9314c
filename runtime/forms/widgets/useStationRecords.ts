import type { Registry } from '@rjsf/utils';
import { skipToken, useQuery } from '@tanstack/react-query';
import { answersOf } from '../../api/answers';
import type { Api } from '../../api/client';
import { useRuntime } from '../../RuntimeContext';

type Load = (api: Api, stationSn: string) => Promise<unknown[]>;

/** No records (one array, so that what depends on it does not change at every render). */
const NONE: never[] = [];

/** A number for each `load`, which names its answers among the cached ones (a function cannot be part of a key). */
const loadNumbers = new WeakMap<Load, number>();
let loads = 0;
function numberOf(load: Load): number {
  let number = loadNumbers.get(load);
  if (number === undefined) {
    number = ++loads;
    loadNumbers.set(load, number);
  }
  return number;
}

/**
 * What a picker lists of the dashboard's station (`formContext.stationSn`), loaded once per
 * station by `load` (a function defined outside the component). Empty until it has come, and when
 * it fails: the picker still shows what is stored, and the form can still be saved.
 */
export function useStationRecords<T>(registry: Registry, load: (api: Api, stationSn: string) => Promise<T[]>): T[] {
  const { api } = useRuntime();
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;
  const { data } = useQuery(
    {
      queryKey: ['station-records', numberOf(load), stationSn ?? null],
      queryFn: stationSn ? () => load(api, stationSn) : skipToken,
    },
    answersOf(api),
  );
  return data ?? NONE;
}
