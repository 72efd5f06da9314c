import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationSelect } from './StationSelect';
import type { DeviceRecord } from './useDevice';
import type { StationRecord } from './useStation';

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
