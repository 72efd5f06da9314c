import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { alarmState, navigatesOnClick, WARNING_RECORD_ROUTE, type StationAlarmStatusConfig } from './rules';

export function StationAlarmStatusView({ data, editing, actions }: WidgetViewProps<StationAlarmStatusConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const detail = statusDetailOf(data.detail);
  const empty = data.detail?.status === 'ready' && !detail ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => {
        const count = detail?.unclosedAlarmAmount ?? 0;
        const alarmed = alarmState(count) === 'hasAlarm';
        const active = navigatesOnClick(count, editing);
        const color = alarmed ? token.colorError : token.colorSuccess;
        const Icon = alarmed ? ExclamationCircleFilled : CheckCircleFilled;
        return (
          // Inert (disabled) while editing or without alarms: the click opens the alarm records only.
          <button
            type="button"
            disabled={!active}
            title={active ? t('widgets.stationAlarmStatus.openRecords') : undefined}
            onClick={() => {
              if (navigatesOnClick(count, editing)) actions.navigate(WARNING_RECORD_ROUTE);
            }}
            style={{
              border: 0,
              padding: 0,
              background: 'transparent',
              font: 'inherit',
              color: 'inherit',
              width: '100%',
              height: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 12,
              cursor: active ? 'pointer' : 'default',
              borderRadius: token.borderRadius,
            }}
          >
            <Icon aria-hidden style={{ fontSize: 36, color }} />
            <span style={{ display: 'flex', flexDirection: 'column' }}>
              <Typography.Text strong style={{ fontSize: 24, color }}>
                {alarmed ? t('widgets.stationAlarmStatus.hasAlarm') : t('widgets.stationAlarmStatus.normal')}
              </Typography.Text>
              {alarmed ? (
                <Typography.Text type="secondary">{t('widgets.stationAlarmStatus.unclosed', { count })}</Typography.Text>
              ) : null}
            </span>
          </button>
        );
      }}
    </WidgetStatus>
  );
}
