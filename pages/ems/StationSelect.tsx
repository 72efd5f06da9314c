import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationRecord } from './useStation';

export interface StationSelectProps {
  stations: StationRecord[] | undefined;
  value: string | undefined;
  onChange(sn: string): void;
}

/** The station picker at the head of a station's screens. */
export function StationSelect({ stations, value, onChange }: StationSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('emsScreens.station')}
      style={{ minWidth: 220 }}
      loading={!stations}
      value={value}
      onChange={onChange}
      options={(stations ?? []).map((s) => ({ value: s.sn, label: s.name }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
