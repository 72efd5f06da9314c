import { CloudOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, type WeatherConfig } from './rules';
import { WeatherView } from './WeatherView';

/** Weather: the sky, temperature and sunlight at the station now, and the forecast of the next days. */
export const weather = defineWidget<WeatherConfig>({
  ...dataRules,
  group: 'status',
  icon: <CloudOutlined />,
  size: { w: 6, h: 8 },
  View: WeatherView,
  // No device variables: a configuration of format 1 is the same in format 2.
  migrate: (config) => config,
});
