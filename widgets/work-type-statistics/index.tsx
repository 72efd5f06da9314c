import { ToolOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, migrateWorkTypeStatistics, type WorkTypeStatisticsConfig } from './rules';
import { WorkTypeStatisticsView } from './WorkTypeStatisticsView';

/** Work type statistics: the station's work orders of this month or year per kind of work, as a pie or bars. */
export const workTypeStatistics = defineWidget<WorkTypeStatisticsConfig>({
  ...dataRules,
  group: 'operations',
  icon: <ToolOutlined />,
  size: { w: 12, h: 10 },
  View: WorkTypeStatisticsView,
  migrate: migrateWorkTypeStatistics,
});
