import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../generated/types';
import { handledText, isOpen } from './rules';

export interface AlarmStateProps {
  alarm: Alarm;
  onConfirm(alarm: Alarm): void;
  /** `small` in a table's row; the default size in a card, where it is the thumb's target. */
  size?: 'small' | 'middle';
}

/** An alarm's state where it is listed: Confirm while it is open, else 'confirmed -- {checker}' or 'auto recovered'. */
export function AlarmState({ alarm, onConfirm, size = 'small' }: AlarmStateProps) {
  const { t } = useTranslation();
  return isOpen(alarm) ? (
    <Button
      size={size}
      danger
      aria-label={t('widgets.alarmList.confirmLabel', { info: alarm.info ?? '' })}
      onClick={() => onConfirm(alarm)}
    >
      {t('widgets.alarmList.confirm')}
    </Button>
  ) : (
    <Typography.Text type="secondary">{handledText(t, alarm)}</Typography.Text>
  );
}
