import { ToolOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { StationFaultStatusView } from './StationFaultStatusView';
import { dataRules, type StationFaultStatusConfig } from './rules';

/** Station fault status: normal without unclosed work-order tasks, else abnormal with their count. */
export const stationFaultStatus = defineWidget<StationFaultStatusConfig>({
  ...dataRules,
  group: 'status',
  icon: <ToolOutlined />,
  size: { w: 6, h: 4 },
  View: StationFaultStatusView,
  // Format 1 had the same fields.
  migrate: (config) => config,
});
