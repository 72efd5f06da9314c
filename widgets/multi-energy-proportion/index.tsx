import { PieChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { MultiEnergyProportionView } from './MultiEnergyProportionView';
import { dataRules, type MultiEnergyProportionConfig } from './rules';

/** Multi-dimensional energy proportion: the share of each chosen energy label in their energy, as a pie. */
export const multiEnergyProportion = defineWidget<MultiEnergyProportionConfig>({
  ...dataRules,
  group: 'energy',
  icon: <PieChartOutlined />,
  size: { w: 8, h: 9 },
  View: MultiEnergyProportionView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
