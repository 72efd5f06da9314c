import { ApiOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { StationDetailedCommunicationView } from './StationDetailedCommunicationView';
import { dataRules, type StationDetailedCommunicationConfig } from './rules';

/** Station detailed communication status: every device of the station, online or offline. */
export const stationDetailedCommunication = defineWidget<StationDetailedCommunicationConfig>({
  ...dataRules,
  group: 'status',
  icon: <ApiOutlined />,
  size: { w: 8, h: 10 },
  View: StationDetailedCommunicationView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
