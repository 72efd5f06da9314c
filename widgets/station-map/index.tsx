import { EnvironmentOutlined } from '@ant-design/icons';
import { defineWidget, type Needs } from '../../runtime/dashboard';
import type { StationMapConfig } from './rules';
import { StationMapView } from './StationMapView';

/** Station map: the tenant's stations by latitude and longitude on a land outline shipped with the app. */
export const stationMap = defineWidget<StationMapConfig>({
  type: 'stationMap',
  group: 'status',
  icon: <EnvironmentOutlined />,
  size: { w: 8, h: 10 },
  needs(): Needs {
    return { stations: { operationId: 'listStations' } };
  },
  View: StationMapView,
  // No device variables: a configuration of format 1 is the same in format 2.
  migrate: (config) => config,
});
