import { App, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { useRuntime } from '../../runtime';

export interface AlarmConfirmDialogProps {
  /** The open alarm to confirm; the dialog is shown while there is one. */
  alarm: Alarm | null;
  /** Called when the dialog closes: `confirmed` after the server took the confirmation. */
  onClose(confirmed: boolean): void;
  /** Called after each attempt, taken or refused (handled meanwhile…): the alarms are to be read again. */
  onSettled(): void;
}

/**
 * The specification's confirmation of an alarm (the alarm list widget's and the alarm records'): 'confirm alarm', 'please enter confirmation info',
 * then the info is sent with status 0 (`updateAlarm`), or the alarm confirmed without info when none was typed (`confirmAlarm`),
 * and a taken confirmation says so (a refused one shows the server's message, from the API client); Cancel sends nothing and says
 * 'confirmation cancelled'.
 */
export function AlarmConfirmDialog({ alarm, onClose, onSettled }: AlarmConfirmDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const inputId = useId();
  const [checkInfo, setCheckInfo] = useState('');
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    if (busy) return;
    setCheckInfo('');
    onClose(false);
    void message.info(t('widgets.alarmList.cancelled'));
  };
  const confirm = async () => {
    if (alarm?.id === undefined) return;
    setBusy(true);
    try {
      const info = checkInfo.trim();
      // With info it is recorded with the confirmation; without, the alarm is confirmed as it is.
      if (info) await api.call('updateAlarm', { params: { id: alarm.id }, body: { checkInfo: info, status: 0 } });
      else await api.call('confirmAlarm', { params: { id: alarm.id } });
      setCheckInfo('');
      onClose(true);
      void message.success(t('widgets.alarmList.done'));
    } catch {
      // The API client has shown the server's message (handled meanwhile…); the dialog stays for a cancel.
    } finally {
      setBusy(false);
      onSettled();
    }
  };

  return (
    <Modal
      open={alarm !== null}
      title={t('widgets.alarmList.confirmAlarm')}
      onOk={() => void confirm()}
      onCancel={cancel}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: false }}
    >
      <p>{alarm?.info}</p>
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
  );
}
