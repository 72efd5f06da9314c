import { PieChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { ProportionView } from './ProportionView';
import { dataRules, keepInStep, migrateProportion, proportionUi, type ProportionConfig } from './rules';

/** Proportion: the share of each of several device variables in their total, as a ring chart. */
export const proportion = defineWidget<ProportionConfig>({
  ...dataRules,
  group: 'data',
  icon: <PieChartOutlined />,
  size: { w: 8, h: 9 },
  View: ProportionView,
  uiRules: proportionUi,
  onChange: (previous, next) => keepInStep(previous, next, Date.now()),
  migrate: migrateProportion,
});
