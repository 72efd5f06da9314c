import { ControlOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { RemoteControlView } from './RemoteControlView';
import { dataRules, migrateVariables, type RemoteControlConfig } from './rules';

/** Remote control (yk): the station's controllable variables with confirmed on/off commands. */
export const remoteControl = defineWidget<RemoteControlConfig>({
  ...dataRules,
  group: 'operations',
  icon: <ControlOutlined />,
  size: { w: 8, h: 9 },
  View: RemoteControlView,
  migrate: migrateVariables,
});
