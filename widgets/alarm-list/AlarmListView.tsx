import { Button, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { DataTable } from '../../runtime/table/DataTable';
import { alarmsOf, alarmTime, handledText, isOpen, type AlarmListConfig } from './rules';

/** The confirmation dialog, loaded when an alarm is first confirmed (with the text box it asks in). */
const AlarmConfirmDialog = lazy(() => import('./AlarmConfirmDialog').then((module) => ({ default: module.AlarmConfirmDialog })));

export function AlarmListView({ data, context, actions }: WidgetViewProps<AlarmListConfig>) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Alarm | null>(null);
  const alarms = alarmsOf(data.alarms);
  const empty = data.alarms?.status === 'ready' && !alarms?.length ? t('widgets.common.noData') : false;

  return (
    <>
      <WidgetStatus data={data} empty={empty}>
        {() => (
          <DataTable<Alarm>
            rowKey={(alarm) => String(alarm.id)}
            rows={alarms ?? []}
            label={t('widgets.alarmList.table')}
            columns={[
              {
                key: 'reportTime',
                title: t('widgets.alarmList.columns.reportTime'),
                width: 170,
                render: (alarm) => alarmTime(alarm.reportTime, context.station.timeZone),
              },
              { key: 'info', title: t('widgets.alarmList.columns.info'), ellipsis: true, render: (alarm) => alarm.info },
              {
                key: 'device',
                title: t('widgets.alarmList.columns.device'),
                width: 120,
                ellipsis: true,
                render: (alarm) => alarm.deviceName,
              },
              {
                key: 'state',
                title: t('widgets.alarmList.columns.state'),
                width: 160,
                render: (alarm) =>
                  isOpen(alarm) ? (
                    <Button
                      size="small"
                      danger
                      aria-label={t('widgets.alarmList.confirmLabel', { info: alarm.info ?? '' })}
                      onClick={() => setTarget(alarm)}
                    >
                      {t('widgets.alarmList.confirm')}
                    </Button>
                  ) : (
                    <Typography.Text type="secondary">{handledText(t, alarm)}</Typography.Text>
                  ),
              },
            ]}
          />
        )}
      </WidgetStatus>
      {target ? (
        <Suspense fallback={null}>
          <AlarmConfirmDialog alarm={target} onClose={() => setTarget(null)} onSettled={actions.refresh} />
        </Suspense>
      ) : null}
    </>
  );
}
