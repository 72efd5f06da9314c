import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StationSelect } from './StationSelect';
import { useDevice, type DeviceRecord } from './useDevice';
import { useStation, type StationRecord } from './useStation';

export interface MeterToolbarProps {
  stations: StationRecord[] | undefined;
  station: StationRecord | undefined;
  onStation(sn: string): void;
  meters: DeviceRecord[] | undefined;
  meter: DeviceRecord | undefined;
  onMeter(sn: string): void;
}

/** The station and the meter a power-quality screen is about. */
export function MeterToolbar({ stations, station, onStation, meters, meter, onMeter }: MeterToolbarProps) {
  const { t } = useTranslation();
  return (
    <>
      <StationSelect stations={stations} value={station?.sn} onChange={onStation} />
      <Select
        aria-label={t('emsScreens.meter')}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        loading={!meters}
        value={meter?.sn}
        onChange={onMeter}
        options={(meters ?? []).map((m) => ({ value: m.sn, label: m.name }))}
      />
    </>
  );
}

/**
 * The station and meter a power-quality screen is about (both kept in the address), with the
 * toolbar that chooses them and the failure of either list.
 */
export function useMeter(): {
  station: StationRecord | undefined;
  meter: DeviceRecord | undefined;
  error?: string;
  toolbar: ReactNode;
} {
  const { stations, station, choose, error: stationError } = useStation();
  const { devices: meters, device: meter, choose: chooseMeter, error: meterError } = useDevice(station?.sn, ['meter']);
  const error = stationError ?? meterError;
  return {
    station,
    meter,
    ...(error ? { error } : {}),
    toolbar: (
      <MeterToolbar
        stations={stations}
        station={station}
        onStation={choose}
        meters={meters}
        meter={meter}
        onMeter={chooseMeter}
      />
    ),
  };
}
