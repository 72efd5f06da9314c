import { DatePicker, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import type { Period } from './seriesData';

const PICKERS = { DAY: 'date', MONTH: 'month', YEAR: 'year' } as const;

/** A day, month or year of the calendar: its kind, then which one. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange(period: Period): void }) {
  const { t } = useTranslation();
  return (
    <>
      <Segmented<Period['type']>
        aria-label={t('siteViews.periodType')}
        value={value.type}
        options={(['DAY', 'MONTH', 'YEAR'] as const).map((type) => ({ value: type, label: enumLabel(t, 'statisticType', type) }))}
        onChange={(type) => onChange({ ...value, type })}
      />
      <DatePicker
        aria-label={t('siteViews.period')}
        picker={PICKERS[value.type]}
        value={value.time}
        allowClear={false}
        onChange={(time) => time && onChange({ ...value, time })}
      />
    </>
  );
}
