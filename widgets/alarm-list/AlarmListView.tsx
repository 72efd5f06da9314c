import { App, Button, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { WidgetStatus, WidgetTable, type WidgetViewProps } from '../../runtime/dashboard';
import { alarmsOf, alarmTime, handledText, isOpen, type AlarmListConfig } from './rules';

export function AlarmListView({ data, context, actions }: WidgetViewProps<AlarmListConfig>) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const inputId = useId();
  const [target, setTarget] = useState<Alarm | null>(null);
  const [checkInfo, setCheckInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const alarms = alarmsOf(data.alarms);
  const empty = data.alarms?.status === 'ready' && !alarms?.length ? t('widgets.common.noData') : false;

  const ask = (alarm: Alarm) => {
    setCheckInfo('');
    setTarget(alarm);
  };
  const cancel = () => {
    if (busy) return;
    setTarget(null);
    void message.info(t('widgets.alarmList.cancelled'));
  };
  const confirm = async () => {
    if (target?.id === undefined) return;
    setBusy(true);
    try {
      await api.call('updateAlarm', { params: { id: target.id }, body: { checkInfo: checkInfo.trim(), status: 0 } });
      setTarget(null);
    } catch {
      // The API client has shown the server's message (already handled, no access…); the dialog
      // stays, with what was typed, for another try or a cancel.
    } finally {
      setBusy(false);
      actions.refresh();
    }
  };

  return (
    <>
      <WidgetStatus data={data} empty={empty}>
        {() => (
          <WidgetTable<Alarm>
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
                      onClick={() => ask(alarm)}
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
      <Modal
        open={target !== null}
        title={t('widgets.alarmList.confirmAlarm')}
        onOk={() => void confirm()}
        onCancel={cancel}
        confirmLoading={busy}
        cancelButtonProps={{ disabled: busy }}
        mask={{ closable: false }}
      >
        <label htmlFor={inputId}>{t('widgets.alarmList.prompt')}</label>
        <Input.TextArea
          id={inputId}
          value={checkInfo}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 6 }}
          style={{ marginTop: 8 }}
          onChange={(event) => setCheckInfo(event.target.value)}
        />
      </Modal>
    </>
  );
}
