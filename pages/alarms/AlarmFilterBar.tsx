import { Badge, Collapse, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { enumLabel, fieldLabel } from '../../runtime';
import { DATE_RANGES, rangeOf } from '../../runtime/format/dateRanges';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import type { AlarmFilters } from './alarmRecords';

const LEVELS = ['critical', 'major', 'minor', 'notice'] as const;

export interface AlarmFilterBarProps {
  stations: { sn: string; name: string }[];
  filters: AlarmFilters;
  /** The filters the list shown takes (the energy alarms: station and status). */
  taken: readonly (keyof AlarmFilters)[];
  onChange(filters: AlarmFilters): void;
}

/**
 * The filters of the alarm records that the list shown takes, each applied as it is chosen: station,
 * status, level, days of the report time. On a phone they are folded under "Filters" with the number
 * set, as a list page's are, so that the alarms start on the first screen.
 */
export function AlarmFilterBar({ stations, filters, taken, onChange }: AlarmFilterBarProps) {
  const { t } = useTranslation();
  const label = (field: string) => fieldLabel(t, 'alarm', field);
  const presets = DATE_RANGES.map((range) => ({ label: t(`dateRanges.${range}`), value: rangeOf(range) }));
  const set = (change: Partial<AlarmFilters>) => onChange({ ...filters, ...change });
  const narrow = useNarrowScreen();
  const bar = (
    <Form layout={narrow ? 'vertical' : 'inline'} role="search" style={{ rowGap: 8 }}>
      <Form.Item label={label('stationName')}>
        <Select
          aria-label={label('stationName')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('alarmRecords.allStations')}
          style={{ minWidth: 200 }}
          value={filters.stationSn}
          options={stations.map((station) => ({ value: station.sn, label: station.name }))}
          onChange={(stationSn?: string) => set({ stationSn })}
        />
      </Form.Item>
      <Form.Item label={label('status')}>
        <Select
          aria-label={label('status')}
          allowClear
          placeholder={t('common.select')}
          style={{ minWidth: 120 }}
          value={filters.status}
          options={[1, 0].map((status) => ({ value: status, label: enumLabel(t, 'alarmStatus', status) }))}
          onChange={(status?: 0 | 1) => set({ status })}
        />
      </Form.Item>
      {taken.includes('level') ? (
        <Form.Item label={label('level')}>
          <Select
            aria-label={label('level')}
            allowClear
            placeholder={t('common.select')}
            style={{ minWidth: 120 }}
            value={filters.level}
            options={LEVELS.map((level) => ({ value: level, label: enumLabel(t, 'alarmLevel', level) }))}
            onChange={(level?: string) => set({ level })}
          />
        </Form.Item>
      ) : null}
      {taken.includes('days') ? (
        <Form.Item label={label('reportTime')}>
          <DatePicker.RangePicker
            aria-label={label('reportTime')}
            presets={presets}
            allowClear
            value={filters.days ?? null}
            onChange={(days) => set({ days: days?.[0] && days[1] ? ([days[0], days[1]] as [Dayjs, Dayjs]) : undefined })}
          />
        </Form.Item>
      ) : null}
    </Form>
  );
  if (!narrow) return bar;
  const chosen = taken.filter((field) => filters[field] !== undefined).length;
  return (
    <Collapse
      items={[{ key: 'filters', label: t('common.filters'), extra: <Badge count={chosen} />, forceRender: true, children: bar }]}
    />
  );
}
