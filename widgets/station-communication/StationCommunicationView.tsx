import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { communicationState, type StationCommunicationConfig } from './rules';

export function StationCommunicationView({ data }: WidgetViewProps<StationCommunicationConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const detail = statusDetailOf(data.detail);
  const empty = data.detail?.status === 'ready' && !detail ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => {
        const normal = detail ? communicationState(detail) === 'normal' : false;
        const Icon = normal ? CheckCircleFilled : CloseCircleFilled;
        return (
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, height: '100%' }}>
            <Icon aria-hidden style={{ fontSize: 36, color: normal ? token.colorSuccess : token.colorError }} />
            <Typography.Text strong style={{ fontSize: 24, color: normal ? token.colorSuccess : token.colorError }}>
              {normal ? t('widgets.stationCommunication.normal') : t('widgets.stationCommunication.abnormal')}
            </Typography.Text>
          </div>
        );
      }}
    </WidgetStatus>
  );
}
