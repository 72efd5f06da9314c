import { ProfileOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, migrateWorkOrderList, type WorkOrderListConfig } from './rules';
import { WorkOrderListView } from './WorkOrderListView';

/** Work order list: the station's latest work orders (worksheets) in the chosen states, latest planned first. */
export const workOrderList = defineWidget<WorkOrderListConfig>({
  ...dataRules,
  group: 'operations',
  icon: <ProfileOutlined />,
  size: { w: 12, h: 10 },
  View: WorkOrderListView,
  migrate: migrateWorkOrderList,
});
