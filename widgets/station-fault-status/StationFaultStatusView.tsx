import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps, statusDetailOf } from '../../runtime/dashboard';
import { faultState, type StationFaultStatusConfig } from './rules';

export function StationFaultStatusView({ data }: WidgetViewProps<StationFaultStatusConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const detail = statusDetailOf(data.detail);
  const empty = data.detail?.status === 'ready' && !detail ? t('widgets.common.noData') : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => {
        const count = detail?.unclosedTaskAmount ?? 0;
        const abnormal = faultState(count) === 'abnormal';
        const color = abnormal ? token.colorError : token.colorSuccess;
        const Icon = abnormal ? WarningFilled : CheckCircleFilled;
        return (
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, height: '100%' }}>
            <Icon aria-hidden style={{ fontSize: 36, color }} />
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <Typography.Text strong style={{ fontSize: 24, color }}>
                {abnormal ? t('widgets.stationFaultStatus.abnormal') : t('widgets.stationFaultStatus.normal')}
              </Typography.Text>
              {abnormal ? (
                <Typography.Text type="secondary">{t('widgets.stationFaultStatus.unclosed', { count })}</Typography.Text>
              ) : null}
            </div>
          </div>
        );
      }}
    </WidgetStatus>
  );
}
