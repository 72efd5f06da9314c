import { Flex, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { useBoxWidth } from '../../runtime/dashboard/useBoxWidth';
import { DataTable } from '../../runtime/table/DataTable';
import { AlarmState } from './AlarmState';
import { alarmsOf, alarmTime, listsAlarms } from './rules';
import type { AlarmListConfig } from './rules';

/** The confirmation dialog, loaded when an alarm is first confirmed (with the text box it asks in). */
const AlarmConfirmDialog = lazy(() => import('./AlarmConfirmDialog').then((module) => ({ default: module.AlarmConfirmDialog })));

/** The alarms as a list of entries, for a box too narrow for the table's columns (a phone, a small cell). */
function AlarmEntries({
  alarms,
  timeZone,
  label,
  onConfirm,
}: {
  alarms: Alarm[];
  timeZone: string;
  label: string;
  onConfirm(alarm: Alarm): void;
}) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {alarms.map((alarm) => (
        <li key={alarm.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-split, rgba(5, 5, 5, 0.06))' }}>
          <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
            {alarm.info}
          </Typography.Text>
          <Flex wrap justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {alarmTime(alarm.reportTime, timeZone)} · {alarm.deviceName}
            </Typography.Text>
            <AlarmState alarm={alarm} onConfirm={onConfirm} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}

export function AlarmListView({ data, context, actions }: WidgetViewProps<AlarmListConfig>) {
  const { t } = useTranslation();
  const [box, width] = useBoxWidth<HTMLDivElement>();
  const [target, setTarget] = useState<Alarm | null>(null);
  const alarms = alarmsOf(data.alarms);
  const empty = data.alarms?.status === 'ready' && !alarms?.length ? t('widgets.common.noData') : false;

  return (
    <div ref={box}>
      <WidgetStatus data={data} empty={empty}>
        {() =>
          listsAlarms(width) ? (
            <AlarmEntries
              alarms={alarms ?? []}
              timeZone={context.station.timeZone}
              label={t('widgets.alarmList.table')}
              onConfirm={setTarget}
            />
          ) : (
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
                  render: (alarm) => <AlarmState alarm={alarm} onConfirm={setTarget} />,
                },
              ]}
            />
          )
        }
      </WidgetStatus>
      {target ? (
        <Suspense fallback={null}>
          <AlarmConfirmDialog alarm={target} onClose={() => setTarget(null)} onSettled={actions.refresh} />
        </Suspense>
      ) : null}
    </div>
  );
}
