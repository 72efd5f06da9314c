import { Card, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { DATE_TIME_FORMAT } from '../../runtime/schema/properties';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

interface Alarm {
  id: number;
  reportTime?: string;
  level?: string;
  typeName?: string;
  info?: string;
  variableName?: string;
  value?: number;
  status?: number;
}

/** How many of a device's alarms its details show, newest first. */
const RECENT = 10;

/** The latest alarms of one device of a station, open or handled. */
export function DeviceAlarms({ stationSn, deviceSn }: { stationSn: string; deviceSn: string }) {
  const { t } = useTranslation();
  const alarms = useCallAnswer<{ records: Alarm[]; total: number }>('getAlarmSummarys', {
    body: { stationSn, deviceSn, size: RECENT, status: '0,1' },
  });
  return (
    <section aria-label={t('emsScreens.detail.alarms')}>
      <Card
        size="small"
        title={t('emsScreens.detail.alarms')}
        extra={alarms.data ? t('emsScreens.inTotal', { count: alarms.data.total }) : null}
      >
        <Table<Alarm>
          rowKey="id"
          size="small"
          pagination={false}
          loading={alarms.loading}
          dataSource={alarms.data?.records ?? []}
          locale={{ emptyText: alarms.error ?? t('emsScreens.detail.noAlarms') }}
          columns={[
            {
              key: 'time',
              title: t('emsScreens.time'),
              render: (_, a) => (a.reportTime ? dayjs(a.reportTime).format(DATE_TIME_FORMAT) : '--'),
            },
            {
              key: 'level',
              title: t('emsScreens.detail.level'),
              render: (_, a) => (a.level ? enumLabel(t, 'alarmLevel', a.level) : '--'),
            },
            { key: 'info', title: t('emsScreens.detail.alarm'), render: (_, a) => a.info ?? a.typeName ?? '--' },
            { key: 'variable', title: t('emsScreens.detail.variable'), render: (_, a) => a.variableName ?? '--' },
            { key: 'value', title: t('emsScreens.value'), render: (_, a) => a.value ?? '--' },
            {
              key: 'status',
              title: t('emsScreens.detail.status'),
              render: (_, a) =>
                a.status === undefined ? (
                  '--'
                ) : (
                  <Tag color={a.status === 1 ? 'red' : 'default'}>{enumLabel(t, 'alarmStatus', a.status)}</Tag>
                ),
            },
          ]}
        />
      </Card>
    </section>
  );
}
