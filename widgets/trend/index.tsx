import { LineChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { trendTable } from './inspect';
import { TrendView } from './TrendView';
import { dataRules, migrateTrend, stampNodes, trendUi, type TrendConfig } from './rules';

/** Trend analysis: several device variables over today, this month or this year, with max, min and average marked. */
export const trend = defineWidget<TrendConfig>({
  ...dataRules,
  group: 'data',
  icon: <LineChartOutlined />,
  size: { w: 12, h: 10 },
  View: TrendView,
  uiRules: trendUi,
  onChange: (previous, next) => stampNodes(previous, next, Date.now()),
  migrate: migrateTrend,
  inspect: trendTable,
});
