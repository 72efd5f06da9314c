import { Alert, Button, Descriptions, Modal, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { enumLabel, fieldLabel, useRuntime } from '../../runtime';
import { alarmTime, handledText, isOpen } from '../../widgets/alarm-list/rules';
import { LEVEL_TAGS } from './alarmRecords';
import { AlarmTrend } from './AlarmTrend';

export interface AlarmDetailProps {
  /** The alarm to show, by id (as a band of a trend names it in the address). */
  id: number;
  /** Its station's clock, for its times. */
  zoneOf(alarm: Alarm): string;
  /** Bumped when an alarm was confirmed: the alarm is read again. */
  version: number;
  onConfirm(alarm: Alarm): void;
  onClose(): void;
}

/**
 * One alarm as the server stores it: where and what, its level and value, when it was reported,
 * handled and recovered, and its variable's curve around it with the rule's threshold; an open one
 * can be confirmed from here.
 */
export function AlarmDetail({ id, zoneOf, version, onConfirm, onClose }: AlarmDetailProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  // Null while it loads; `failed` when it could not (the client has shown why).
  const [alarm, setAlarm] = useState<Alarm | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    api.call('getAlarm', { params: { id } }).then(
      (answer) => current && setAlarm(answer),
      () => current && setAlarm('failed'),
    );
    return () => {
      current = false;
    };
  }, [api, id, version]);

  const field = (name: string) => fieldLabel(t, 'alarm', name);
  const shown = alarm && alarm !== 'failed' ? alarm : null;
  return (
    <Modal
      open
      width={720}
      title={shown?.info ?? t('alarmRecords.detailTitle')}
      onCancel={onClose}
      footer={[
        shown && isOpen(shown) ? (
          <Button key="confirm" danger onClick={() => onConfirm(shown)}>
            {t('alarms.confirm')}
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      {alarm === null ? (
        <Spin style={{ display: 'block', margin: 32 }} />
      ) : alarm === 'failed' ? (
        <Alert type="error" showIcon message={t('alarmRecords.detailFailed')} />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={field('stationName')}>{alarm.stationName}</Descriptions.Item>
          <Descriptions.Item label={field('deviceName')}>{alarm.deviceName}</Descriptions.Item>
          <Descriptions.Item label={field('variableName')}>{alarm.variableName}</Descriptions.Item>
          <Descriptions.Item label={field('info')}>{alarm.info}</Descriptions.Item>
          <Descriptions.Item label={field('level')}>
            {alarm.level ? <Tag color={LEVEL_TAGS[alarm.level]}>{enumLabel(t, 'alarmLevel', alarm.level)}</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label={field('value')}>{alarm.value}</Descriptions.Item>
          <Descriptions.Item label={field('reportTime')}>{alarmTime(alarm.reportTime, zoneOf(alarm))}</Descriptions.Item>
          <Descriptions.Item label={field('status')}>
            {isOpen(alarm) ? t('alarmRecords.open') : handledText(t, alarm)}
          </Descriptions.Item>
          <Descriptions.Item label={field('checkInfo')}>{alarm.checkInfo}</Descriptions.Item>
          <Descriptions.Item label={field('recoverTime')}>{alarmTime(alarm.recoverTime, zoneOf(alarm))}</Descriptions.Item>
        </Descriptions>
      )}
      {shown ? <AlarmTrend id={id} alarm={shown} zone={zoneOf(shown)} /> : null}
    </Modal>
  );
}
