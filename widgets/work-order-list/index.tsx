import { ProfileOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { migrateWorkOrderList, workOrderListNeeds, type WorkOrderListConfig } from './rules';
import { WorkOrderListView } from './WorkOrderListView';

/** Work order list: the station's latest work orders (worksheets) in the chosen states, latest planned first. */
export const workOrderList = defineWidget<WorkOrderListConfig>({
  type: 'workOrderList',
  group: 'operations',
  icon: <ProfileOutlined />,
  size: { w: 12, h: 10 },
  needs: workOrderListNeeds,
  View: WorkOrderListView,
  migrate: migrateWorkOrderList,
});
