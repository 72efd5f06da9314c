import { BarChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { PeakValleyTrendView } from './PeakValleyTrendView';
import { dataRules, type PeakValleyTrendConfig } from './rules';

/** Peak-valley trend: the station's charged or discharged energy of each day of a month, stacked by tariff period. */
export const peakValleyTrend = defineWidget<PeakValleyTrendConfig>({
  ...dataRules,
  group: 'energy',
  icon: <BarChartOutlined />,
  size: { w: 12, h: 10 },
  View: PeakValleyTrendView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
