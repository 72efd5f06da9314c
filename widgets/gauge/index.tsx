import { DashboardOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { GaugeView } from './GaugeView';
import { dataRules, migrateGauge, stampVars, type GaugeConfig } from './rules';

/** Gauge: the real-time value of each of several device variables on a gauge, as an integer. */
export const gauge = defineWidget<GaugeConfig>({
  ...dataRules,
  group: 'data',
  icon: <DashboardOutlined />,
  size: { w: 8, h: 8 },
  View: GaugeView,
  onChange: (_previous, next) => stampVars(next, Date.now()),
  migrate: migrateGauge,
});
