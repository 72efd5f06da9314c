import { LineChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { MultiEnergyTrendView } from './MultiEnergyTrendView';
import { dataRules, type MultiEnergyTrendConfig } from './rules';

/** Multi-dimensional energy trend: the chosen energy labels' energy per hour, day or month, as lines. */
export const multiEnergyTrend = defineWidget<MultiEnergyTrendConfig>({
  ...dataRules,
  group: 'energy',
  icon: <LineChartOutlined />,
  size: { w: 12, h: 10 },
  View: MultiEnergyTrendView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
