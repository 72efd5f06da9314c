import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusFigure, WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { faultState, type StationFaultStatusConfig } from './rules';

export function StationFaultStatusView({ data }: WidgetViewProps<StationFaultStatusConfig>) {
  const { t } = useTranslation();
  const detail = statusDetailOf(data.detail);
  const empty = data.detail?.status === 'ready' && !detail ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => {
        const count = detail?.unclosedTaskAmount ?? 0;
        const abnormal = faultState(count) === 'abnormal';
        return (
          <StatusFigure
            ok={!abnormal}
            icon={abnormal ? WarningFilled : CheckCircleFilled}
            text={abnormal ? t('widgets.stationFaultStatus.abnormal') : t('widgets.stationFaultStatus.normal')}
            note={abnormal ? t('widgets.stationFaultStatus.unclosed', { count }) : undefined}
          />
        );
      }}
    </WidgetStatus>
  );
}
