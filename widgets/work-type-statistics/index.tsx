import { ToolOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import {
  workTypeStatisticsFollowPeriod,
  migrateWorkTypeStatistics,
  workTypeStatisticsNeeds,
  type WorkTypeStatisticsConfig,
} from './rules';
import { WorkTypeStatisticsView } from './WorkTypeStatisticsView';

/** Work type statistics: the station's work orders of this month or year per kind of work, as a pie or bars. */
export const workTypeStatistics = defineWidget<WorkTypeStatisticsConfig>({
  type: 'workTypeStatistics',
  group: 'operations',
  icon: <ToolOutlined />,
  size: { w: 12, h: 10 },
  needs: workTypeStatisticsNeeds,
  View: WorkTypeStatisticsView,
  followPeriod: workTypeStatisticsFollowPeriod,
  migrate: migrateWorkTypeStatistics,
});
