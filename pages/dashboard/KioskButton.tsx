import { FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { enterFullScreen, kioskPath } from './kiosk';

/** Opens the station's dashboard in kiosk view, full screen where the browser allows it (the click is the gesture it asks for). */
export function KioskButton({ stationSn }: { stationSn: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      icon={<FullscreenOutlined />}
      onClick={() => {
        enterFullScreen();
        void navigate(kioskPath(stationSn));
      }}
    >
      {t('dashboard.kiosk.open')}
    </Button>
  );
}
