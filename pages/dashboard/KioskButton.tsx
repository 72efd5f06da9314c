import { FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DashboardPeriod } from '../../runtime/dashboard';
import { enterFullScreen, kioskPath } from './kiosk';

/**
 * Opens the station's dashboard in kiosk view, with the dashboard's period, full screen where the
 * browser allows it (the click is the gesture it asks for).
 */
export function KioskButton({ stationSn, period }: { stationSn: string; period: DashboardPeriod | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      icon={<FullscreenOutlined />}
      onClick={() => {
        enterFullScreen();
        void navigate(kioskPath(stationSn, period));
      }}
    >
      {t('dashboard.kiosk.open')}
    </Button>
  );
}
