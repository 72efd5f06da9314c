import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime';

export interface StationEntry {
  id: number;
  sn: string;
  name: string;
  timeZone: string;
  latitude?: number;
  longitude?: number;
}

/** The tenant's stations (for the station pickers), empty until the server answers. */
export function useStations(): StationEntry[] {
  const { api } = useRuntime();
  const [stations, setStations] = useState<StationEntry[]>([]);
  useEffect(() => {
    let live = true;
    api
      .call('listStations', {}, { silent: true })
      .then((list) => {
        if (live) setStations(list as StationEntry[]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  return stations;
}
