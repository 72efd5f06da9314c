import { useStations, type StationRecord } from '../site/useStations';
import { useAddressParam } from './useAddressParam';

export type { StationRecord };

/**
 * The station a screen is about: the one the address names (`?station=`), else — also when the
 * address names none of the tenant's — its first; choosing another writes it into the address in
 * place of the last, keeping the rest of the address, so a link or a reload keeps it.
 */
export function useStation(): {
  stations: StationRecord[] | undefined;
  station: StationRecord | undefined;
  error?: string;
  choose(sn: string): void;
} {
  const [, choose] = useAddressParam('station');
  const { stations, station, error } = useStations();
  return { stations, station: station ?? stations?.[0], ...(error ? { error } : {}), choose };
}
