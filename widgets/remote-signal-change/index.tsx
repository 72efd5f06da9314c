import { SwapOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { RemoteSignalChangeView } from './RemoteSignalChangeView';
import { dataRules, migrateSignals, type RemoteSignalChangeConfig } from './rules';

/** Remote-signal changes: the state of chosen signal variables now and their latest changes, newest first. */
export const remoteSignalChange = defineWidget<RemoteSignalChangeConfig>({
  ...dataRules,
  group: 'operations',
  icon: <SwapOutlined />,
  size: { w: 8, h: 10 },
  View: RemoteSignalChangeView,
  migrate: migrateSignals,
});
