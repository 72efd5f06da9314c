import { FundOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, migrateWorkOrderStatistics, type WorkOrderStatisticsConfig } from './rules';
import { WorkOrderStatisticsView } from './WorkOrderStatisticsView';

/** Work order statistics: the station's work orders of this month or year by state, with totals and stacked bars. */
export const workOrderStatistics = defineWidget<WorkOrderStatisticsConfig>({
  ...dataRules,
  group: 'operations',
  icon: <FundOutlined />,
  size: { w: 12, h: 10 },
  View: WorkOrderStatisticsView,
  migrate: migrateWorkOrderStatistics,
});
