import { PieChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { MultiEnergyProportionView } from './MultiEnergyProportionView';
import { proportionFollowPeriod, proportionNeeds, type MultiEnergyProportionConfig } from './rules';

/** Multi-dimensional energy proportion: the share of each chosen energy label in their energy, as a pie. */
export const multiEnergyProportion = defineWidget<MultiEnergyProportionConfig>({
  type: 'multiEnergyProportion',
  group: 'energy',
  icon: <PieChartOutlined />,
  size: { w: 8, h: 9 },
  needs: proportionNeeds,
  View: MultiEnergyProportionView,
  followPeriod: proportionFollowPeriod,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
