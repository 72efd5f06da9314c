import { CloudOutlined } from '@ant-design/icons';
import { defineWidget, type Needs } from '../../runtime/dashboard';
import type { WeatherConfig } from './rules';
import { WeatherView } from './WeatherView';

/** Weather: the sky, temperature and sunlight at the station now, and the forecast of the next days. */
export const weather = defineWidget<WeatherConfig>({
  type: 'weather',
  group: 'status',
  icon: <CloudOutlined />,
  size: { w: 6, h: 8 },
  needs(_config, context): Needs {
    return { weather: { operationId: 'getStationWeather', params: { stationSn: context.station.sn } } };
  },
  View: WeatherView,
  // No device variables: a configuration of format 1 is the same in format 2.
  migrate: (config) => config,
});
