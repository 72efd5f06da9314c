import { AlertOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { StationAlarmStatusView } from './StationAlarmStatusView';
import { dataRules, type StationAlarmStatusConfig } from './rules';

/** Station alarm status: normal, or 'has alarm' with the count; a click opens the alarm records. */
export const stationAlarmStatus = defineWidget<StationAlarmStatusConfig>({
  ...dataRules,
  group: 'status',
  icon: <AlertOutlined />,
  size: { w: 6, h: 4 },
  View: StationAlarmStatusView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
