import { ToolOutlined } from '@ant-design/icons';
import { defineWidget, stationStatusNeed } from '../../runtime/dashboard';
import { StationFaultStatusView } from './StationFaultStatusView';
import { type StationFaultStatusConfig } from './rules';

/** Station fault status: normal without unclosed work-order tasks, else abnormal with their count. */
export const stationFaultStatus = defineWidget<StationFaultStatusConfig>({
  type: 'stationFaultStatus',
  group: 'status',
  icon: <ToolOutlined />,
  size: { w: 6, h: 4 },
  needs: (_config, context) => ({ detail: stationStatusNeed(context) }),
  View: StationFaultStatusView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
