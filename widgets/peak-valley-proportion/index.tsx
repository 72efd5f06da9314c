import { PieChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { PeakValleyProportionView } from './PeakValleyProportionView';
import { dataRules, type PeakValleyProportionConfig } from './rules';

/** Peak-valley proportion: the station's charged or discharged energy by tariff period today or this month, as a ring. */
export const peakValleyProportion = defineWidget<PeakValleyProportionConfig>({
  ...dataRules,
  group: 'energy',
  icon: <PieChartOutlined />,
  size: { w: 8, h: 9 },
  View: PeakValleyProportionView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
