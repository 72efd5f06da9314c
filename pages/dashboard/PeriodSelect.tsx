import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, dashboardPeriod, type DashboardPeriod } from '../../runtime/dashboard';

/** The choice that sets no period: every widget shows the period it is configured with. */
const CONFIGURED = 'configured';

export interface PeriodSelectProps {
  /** The period chosen; undefined: every widget as configured. */
  value: DashboardPeriod | undefined;
  disabled: boolean;
  onChange(period: DashboardPeriod | undefined): void;
}

/**
 * The dashboard's second variable beside its station: as configured, today, this month or this
 * year, which each widget follows or ignores. Its name and its choice stay together when the bar
 * wraps (under the station on a phone).
 */
export function PeriodSelect({ value, disabled, onChange }: PeriodSelectProps) {
  const { t } = useTranslation();
  return (
    <Space>
      <Typography.Text>{t('dashboard.period')}</Typography.Text>
      <Select
        aria-label={t('dashboard.period')}
        value={value ?? CONFIGURED}
        style={{ minWidth: 140 }}
        disabled={disabled}
        // Four options, all rendered: each is an option a screen reader (and a test) finds by its name.
        virtual={false}
        options={[CONFIGURED, ...DASHBOARD_PERIODS].map((period) => ({ value: period, label: t(`dashboard.periods.${period}`) }))}
        onChange={(next: string) => onChange(dashboardPeriod(next))}
      />
    </Space>
  );
}
