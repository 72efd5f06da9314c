import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

/** A device of a station as the device calls answer it, with whether it communicates. */
export interface DeviceRecord {
  id: number;
  sn: string;
  name: string;
  kind: string;
  model?: string;
  ratedPower?: number;
  stationSn: string;
  status: number;
  lastTime?: string;
}

/**
 * A device of the station of the kinds given that a screen is about: the one the address names
 * (`?device=`) when it is of the station, else its first; choosing another writes it into the address.
 */
export function useDevice(
  stationSn: string | undefined,
  kinds: string[],
): { devices: DeviceRecord[] | undefined; device: DeviceRecord | undefined; error?: string; choose(sn: string): void } {
  const [search, setSearch] = useSearchParams();
  const answer = useCallAnswer<DeviceRecord[]>('getDevicesByStation', stationSn ? { params: { stationSn } } : undefined);
  const devices = answer.data?.filter((d) => kinds.includes(d.kind));
  const named = search.get('device');
  const device = devices?.find((d) => d.sn === named) ?? devices?.[0];
  const choose = useCallback(
    (sn: string) =>
      setSearch(
        (before) => {
          const next = new URLSearchParams(before);
          next.set('device', sn);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { devices, device, ...(answer.error ? { error: answer.error } : {}), choose };
}
