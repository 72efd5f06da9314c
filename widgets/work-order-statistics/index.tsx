import { FundOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import {
  workOrderStatisticsFollowPeriod,
  migrateWorkOrderStatistics,
  workOrderStatisticsNeeds,
  type WorkOrderStatisticsConfig,
} from './rules';
import { WorkOrderStatisticsView } from './WorkOrderStatisticsView';

/** Work order statistics: the station's work orders of this month or year by state, with totals and stacked bars. */
export const workOrderStatistics = defineWidget<WorkOrderStatisticsConfig>({
  type: 'workOrderStatistics',
  group: 'operations',
  icon: <FundOutlined />,
  size: { w: 12, h: 10 },
  needs: workOrderStatisticsNeeds,
  View: WorkOrderStatisticsView,
  followPeriod: workOrderStatisticsFollowPeriod,
  migrate: migrateWorkOrderStatistics,
});
