import { useMemo } from 'react';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import type { StationContext } from '../../runtime/dashboard';

/** A station as `listStations` answers it. */
export interface StationRecord {
  id: number;
  sn: string;
  name: string;
  stationType: 'storage' | 'photovoltaic' | 'ems';
  voltageClass?: string;
  timeZone: string;
  capacity?: number;
  [field: string]: unknown;
}

export interface StationChoice {
  /** The stations offered (undefined while they load). */
  stations?: StationRecord[];
  /** The chosen station: the address's `station`, else the first offered. */
  station?: StationRecord;
  /** The station as the dashboard's widgets read it. */
  context?: StationContext;
  /** A station named by the address that is not offered. */
  unknown?: string;
  error?: string;
  /** Chooses another station (kept in the address, which drops what belonged to the last one, such as its device). */
  choose(sn: string): void;
}

/**
 * The tenant's stations of the given types and the one the address names (`?station=`), so a
 * link or a reload shows the same station, and the station follows the reader from screen to
 * screen where its type allows.
 */
export function useStations(types?: readonly string[]): StationChoice {
  const { api } = useRuntime();
  const [search, setSearch] = useScreenSearch();
  const { data: all, error } = useAnswer(
    () => api.call('listStations', {}, { silent: true }) as Promise<StationRecord[]>,
    'stations',
  );
  const key = types?.join(',');
  const stations = useMemo(() => all?.filter((station) => !key || key.split(',').includes(station.stationType)), [all, key]);
  const named = search.get('station');
  const station = named ? stations?.find((entry) => entry.sn === named) : stations?.[0];
  const context = useMemo<StationContext | undefined>(
    () => (station ? { sn: station.sn, name: station.name, timeZone: station.timeZone, fields: station } : undefined),
    [station],
  );
  return {
    stations,
    station,
    context,
    ...(named && stations && !station ? { unknown: named } : {}),
    ...(error ? { error } : {}),
    choose: (sn) => setSearch({ station: sn }),
  };
}
