import { WifiOutlined } from '@ant-design/icons';
import { defineWidget, stationStatusNeed } from '../../runtime/dashboard';
import { StationCommunicationView } from './StationCommunicationView';
import { type StationCommunicationConfig } from './rules';

/** Station communication: normal when every device of the station communicates, else abnormal. */
export const stationCommunication = defineWidget<StationCommunicationConfig>({
  type: 'stationCommunication',
  group: 'status',
  icon: <WifiOutlined />,
  size: { w: 6, h: 4 },
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
  View: StationCommunicationView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
