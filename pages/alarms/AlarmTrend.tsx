import { Alert, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { alarmBandNames, EChart } from '../../runtime/dashboard';
import { alarmTrendOption } from './alarmTrend';

/**
 * What the variable an alarm is about did around it, from an hour before it was raised to an hour
 * after it recovered (or now), with its rule's threshold and the alarm as a band
 * (`getWarningTrendValues`); a variable without samples then says so.
 */
export function AlarmTrend({ id, alarm, zone }: { id: number; alarm: Alarm; zone: string }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const trend = useAnswer(() => api.call('getWarningTrendValues', { query: { alarmId: id } }, { silent: true }), String(id));
  const option = useMemo(
    () =>
      trend.data &&
      alarmTrendOption(trend.data, alarm, zone, { threshold: t('alarmRecords.threshold'), bands: alarmBandNames(t) }),
    [trend.data, alarm, zone, t],
  );
  const title = t('alarmRecords.trend', { name: alarm.variableName ?? '' });
  if (trend.error) return <Alert type="warning" showIcon message={`${t('common.loadFailed')} ${trend.error}`} />;
  if (!trend.data || !option) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (trend.data.datas.length === 0) return <Empty description={t('alarmRecords.noTrend')} />;
  return (
    <section aria-label={title} style={{ marginTop: 16 }}>
      <EChart option={option} label={title} height={260} />
    </section>
  );
}
