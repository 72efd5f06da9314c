import { PieChartOutlined } from '@ant-design/icons';
import { namesNeeds } from '../../runtime/charts/seriesName';
import { defineWidget, figureNeed, type Needs } from '../../runtime/dashboard';
import { ProportionView } from './ProportionView';
import {
  configuredNodes,
  keepInStep,
  METHOD_OF,
  migrateProportion,
  PERIOD_OF,
  proportionFollowPeriod,
  proportionUi,
  type ProportionConfig,
} from './rules';

/** Proportion: the share of each of several device variables in their total, as a ring chart. */
export const proportion = defineWidget<ProportionConfig>({
  type: 'proportion',
  group: 'data',
  icon: <PieChartOutlined />,
  size: { w: 8, h: 9 },
  needs(config, context): Needs {
    const nodes = configuredNodes(config);
    if (nodes.length === 0) return {};
    const sns = nodes.map((node) => node.deviceVar.varSn);
    return {
      values: figureNeed(sns, PERIOD_OF[config.queryInterval], METHOD_OF[config.calcMethod], context),
      ...namesNeeds(nodes),
    };
  },
  View: ProportionView,
  uiRules: proportionUi,
  onChange: (previous, next) => keepInStep(previous, next, Date.now()),
  followPeriod: proportionFollowPeriod,
  migrate: migrateProportion,
});
