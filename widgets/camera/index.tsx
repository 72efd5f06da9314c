import { VideoCameraOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { CameraView } from './CameraView';
import { dataRules, migrateCamera, type CameraConfig } from './rules';

/** Camera: one camera of the station with its latest captured pictures and, for a PTZ camera, a pad that moves it. */
export const camera = defineWidget<CameraConfig>({
  ...dataRules,
  group: 'operations',
  icon: <VideoCameraOutlined />,
  size: { w: 10, h: 12 },
  View: CameraView,
  migrate: migrateCamera,
});
