import { useMemo } from 'react';
import { readingsOf, type DeviceDetail, type DeviceReadings, type VariableInfo } from './readings';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

/**
 * The devices of a station with their latest readings (`detailsWithStatus`, asked again every
 * `refreshMs`), named and coded by the station's variables (`get_vars`).
 */
export function useStationReadings(
  stationSn: string | undefined,
  version = 0,
  refreshMs?: number,
): { devices: DeviceReadings[] | undefined; loading: boolean; error?: string } {
  const query = stationSn ? { query: { stationSn } } : undefined;
  const variables = useCallAnswer<VariableInfo[]>('getVars', query, version);
  const details = useCallAnswer<DeviceDetail[]>('getDeviceDetailsWithStatus', query, version, refreshMs);
  const devices = useMemo(
    () => (variables.data && details.data ? readingsOf(details.data, variables.data) : undefined),
    [variables.data, details.data],
  );
  const error = variables.error ?? details.error;
  return { devices, loading: variables.loading || details.loading, ...(error ? { error } : {}) };
}
