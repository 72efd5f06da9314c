import { WifiOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { StationCommunicationView } from './StationCommunicationView';
import { dataRules, type StationCommunicationConfig } from './rules';

/** Station communication: normal when every device of the station communicates, else abnormal. */
export const stationCommunication = defineWidget<StationCommunicationConfig>({
  ...dataRules,
  group: 'status',
  icon: <WifiOutlined />,
  size: { w: 6, h: 4 },
  View: StationCommunicationView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
