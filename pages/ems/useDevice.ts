import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useAddressParam } from './useAddressParam';

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
 * A device of the station, of the kinds given (else of any), that a screen is about: the one the
 * address names (`?device=`) when it is of the station, else its first; choosing another writes
 * it into the address in place of the last. The devices of the station chosen before are not
 * offered while the next station's are loading.
 */
export function useDevice(
  stationSn: string | undefined,
  kinds?: readonly string[],
): { devices: DeviceRecord[] | undefined; device: DeviceRecord | undefined; error?: string; choose(sn: string): void } {
  const { api } = useRuntime();
  const [named, choose] = useAddressParam('device');
  const answer = useAnswer(
    stationSn
      ? () => api.call('getDevicesByStation', { params: { stationSn } }, { silent: true }) as Promise<DeviceRecord[]>
      : undefined,
    stationSn ?? '',
  );
  const devices = answer.data?.filter((d) => !kinds || kinds.includes(d.kind));
  const device = devices?.find((d) => d.sn === named) ?? devices?.[0];
  return { devices, device, ...(answer.error ? { error: answer.error } : {}), choose };
}
