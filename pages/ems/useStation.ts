import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

/** A station as the station list answers it. */
export interface StationRecord {
  id: number;
  sn: string;
  name: string;
  stationType?: string;
  voltageClass?: string;
  timeZone: string;
  [field: string]: unknown;
}

const STATIONS = {};

/**
 * The station a screen is about: the one the address names (`?station=`), else the tenant's
 * first; choosing another writes it into the address, so a link or a reload keeps it.
 */
export function useStation(): {
  stations: StationRecord[] | undefined;
  station: StationRecord | undefined;
  error?: string;
  choose(sn: string): void;
} {
  const [search, setSearch] = useSearchParams();
  const answer = useCallAnswer<StationRecord[]>('listStations', STATIONS);
  const named = search.get('station');
  const stations = answer.data;
  const station = stations?.find((s) => s.sn === named) ?? stations?.[0];
  const choose = useCallback(
    (sn: string) =>
      setSearch(
        (before) => {
          const next = new URLSearchParams(before);
          next.set('station', sn);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { stations, station, ...(answer.error ? { error: answer.error } : {}), choose };
}
