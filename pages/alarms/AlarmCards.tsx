import { Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { enumLabel, fieldLabel } from '../../runtime';
import { AlarmState } from '../../widgets/alarm-list/AlarmState';
import { alarmTime } from '../../widgets/alarm-list/rules';
import { LEVEL_TAGS } from './alarmRecords';

export interface AlarmCardsProps {
  /** Accessible name of the list (the page's title). */
  label: string;
  alarms: Alarm[];
  /** Each alarm's station's clock, for its times. */
  zoneOf(alarm: Alarm): string;
  onConfirm(alarm: Alarm): void;
  /** Whether the alarms are still loading (nothing is said of an empty list then). */
  loading: boolean;
}

/**
 * The alarm records on a phone: a card per alarm with its level and report time, its text, where
 * it is, its value, and its state, an open one's Confirm a thumb's width below its text; what a
 * handled one was confirmed with and when it recovered, when it has them.
 */
export function AlarmCards({ label, alarms, zoneOf, onConfirm, loading }: AlarmCardsProps) {
  const { t } = useTranslation();
  const field = (name: string) => fieldLabel(t, 'alarm', name);
  if (alarms.length === 0)
    return loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.common.noData')} />;
  return (
    <Flex vertical gap="small" role="list" aria-label={label}>
      {alarms.map((alarm) => (
        <Card
          key={alarm.id}
          role="listitem"
          size="small"
          title={
            <Flex gap={8} align="center" wrap>
              {alarm.level ? <Tag color={LEVEL_TAGS[alarm.level]}>{enumLabel(t, 'alarmLevel', alarm.level)}</Tag> : null}
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {alarmTime(alarm.reportTime, zoneOf(alarm))}
              </Typography.Text>
            </Flex>
          }
        >
          <Typography.Paragraph strong style={{ overflowWrap: 'anywhere', marginBottom: 8 }}>
            {alarm.info}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'station', label: field('stationName'), children: alarm.stationName },
              { key: 'device', label: field('deviceName'), children: alarm.deviceName },
              { key: 'value', label: field('value'), children: alarm.value },
              ...(alarm.checkInfo ? [{ key: 'checkInfo', label: field('checkInfo'), children: alarm.checkInfo }] : []),
              ...(alarm.recoverTime
                ? [{ key: 'recoverTime', label: field('recoverTime'), children: alarmTime(alarm.recoverTime, zoneOf(alarm)) }]
                : []),
            ].filter((item) => item.children !== undefined && item.children !== null && item.children !== '')}
            styles={{ content: { overflowWrap: 'anywhere' } }}
          />
          <div style={{ marginTop: 8 }}>
            <AlarmState alarm={alarm} onConfirm={onConfirm} size="middle" />
          </div>
        </Card>
      ))}
    </Flex>
  );
}
