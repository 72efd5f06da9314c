import { ApiOutlined } from '@ant-design/icons';
import { defineWidget, stationStatusNeed } from '../../runtime/dashboard';
import { StationDetailedCommunicationView } from './StationDetailedCommunicationView';
import { type StationDetailedCommunicationConfig } from './rules';

/** Station detailed communication status: every device of the station, online or offline. */
export const stationDetailedCommunication = defineWidget<StationDetailedCommunicationConfig>({
  type: 'stationDetailedCommunication',
  group: 'status',
  icon: <ApiOutlined />,
  size: { w: 8, h: 10 },
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
  View: StationDetailedCommunicationView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
