import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusFigure, WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { alarmState, navigatesOnClick, WARNING_RECORD_ROUTE, type StationAlarmStatusConfig } from './rules';

export function StationAlarmStatusView({ data, context, editing, actions }: WidgetViewProps<StationAlarmStatusConfig>) {
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
        return (
          // Inert (disabled) while editing or without alarms: the click opens the alarm records only.
          <button
            type="button"
            disabled={!active}
            title={active ? t('widgets.stationAlarmStatus.openRecords') : undefined}
            onClick={() => {
              // The records open on this station (`?station=`).
              if (active) actions.navigate(WARNING_RECORD_ROUTE, { station: context.station.sn });
            }}
            style={{
              border: 0,
              padding: 0,
              background: 'transparent',
              font: 'inherit',
              color: 'inherit',
              width: '100%',
              height: '100%',
              cursor: active ? 'pointer' : 'default',
              borderRadius: token.borderRadius,
            }}
          >
            <StatusFigure
              ok={!alarmed}
              icon={alarmed ? ExclamationCircleFilled : CheckCircleFilled}
              text={alarmed ? t('widgets.stationAlarmStatus.hasAlarm') : t('widgets.stationAlarmStatus.normal')}
              note={alarmed ? t('widgets.stationAlarmStatus.unclosed', { count }) : undefined}
            />
          </button>
        );
      }}
    </WidgetStatus>
  );
}
