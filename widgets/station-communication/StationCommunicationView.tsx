import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusFigure, WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { communicationState, type StationCommunicationConfig } from './rules';

export function StationCommunicationView({ data }: WidgetViewProps<StationCommunicationConfig>) {
  const { t } = useTranslation();
  const detail = statusDetailOf(data.detail);
  const empty = data.detail?.status === 'ready' && !detail ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => {
        const normal = detail ? communicationState(detail) === 'normal' : false;
        return (
          <StatusFigure
            ok={normal}
            icon={normal ? CheckCircleFilled : CloseCircleFilled}
            text={normal ? t('widgets.stationCommunication.normal') : t('widgets.stationCommunication.abnormal')}
          />
        );
      }}
    </WidgetStatus>
  );
}
