import { BarChartOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { HistogramView } from './HistogramView';
import { dataRules, migrateHistogram, type HistogramConfig } from './rules';

/** Histogram: device variables' figures per hour of today, day of this month or month of this year, as bars. */
export const histogram = defineWidget<HistogramConfig>({
  ...dataRules,
  group: 'energy',
  icon: <BarChartOutlined />,
  size: { w: 12, h: 10 },
  View: HistogramView,
  migrate: migrateHistogram,
});
