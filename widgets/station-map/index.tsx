import { EnvironmentOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, type StationMapConfig } from './rules';
import { StationMapView } from './StationMapView';

/** Station map: the tenant's stations by latitude and longitude on a land outline shipped with the app. */
export const stationMap = defineWidget<StationMapConfig>({
  ...dataRules,
  group: 'status',
  icon: <EnvironmentOutlined />,
  size: { w: 8, h: 10 },
  View: StationMapView,
  // No device variables: a configuration of format 1 is the same in format 2.
  migrate: (config) => config,
});
