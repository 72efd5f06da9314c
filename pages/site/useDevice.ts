import { useSearchParams } from 'react-router';
import { useRuntime } from '../../runtime';
import { useAnswer } from './useAnswer';

export interface DeviceRecord {
  sn: string;
  name: string;
  kind: string;
  status: number;
}

export interface VariableRecord {
  sn: string;
  name: string;
  code?: string;
  unit: string;
  kind: string;
}

/**
 * The station's devices of the given kinds and the one the address names (`?device=`, else the
 * first), with its variables; choosing another device keeps it in the address.
 */
export function useDevice(stationSn: string, kinds?: readonly string[]) {
  const { api } = useRuntime();
  const [search, setSearch] = useSearchParams();
  const devices = useAnswer(() => api.call('getDevicesByStation', { params: { stationSn } }, { silent: true }), stationSn);
  const offered = devices.data?.filter((device) => !kinds || kinds.includes(device.kind)) as DeviceRecord[] | undefined;
  const named = search.get('device');
  const device = offered?.find((entry) => entry.sn === named) ?? offered?.[0];
  const variables = useAnswer(
    device ? () => api.call('getVarsOfDevice', { params: { deviceSn: device.sn } }, { silent: true }) : undefined,
    device?.sn ?? '',
  );
  return {
    devices: offered,
    device,
    variables: variables.data as VariableRecord[] | undefined,
    error: devices.error ?? variables.error,
    choose: (sn: string) =>
      setSearch((params) => {
        const next = new URLSearchParams(params);
        next.set('device', sn);
        return next;
      }),
  };
}
