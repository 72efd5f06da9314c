import { DashboardOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { GaugeView } from './GaugeView';
import { gaugeNeeds, migrateGauge, stampVars, type GaugeConfig } from './rules';

/** Gauge: the real-time value of each of several device variables on a gauge, as an integer. */
export const gauge = defineWidget<GaugeConfig>({
  type: 'gauge',
  group: 'data',
  icon: <DashboardOutlined />,
  size: { w: 8, h: 8 },
  needs: gaugeNeeds,
  View: GaugeView,
  onChange: (_previous, next) => stampVars(next, Date.now()),
  migrate: migrateGauge,
});
