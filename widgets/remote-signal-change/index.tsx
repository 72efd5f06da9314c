import { SwapOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { RemoteSignalChangeView } from './RemoteSignalChangeView';
import { migrateSignals, signalNeeds, type RemoteSignalChangeConfig } from './rules';

/** Remote-signal changes: the state of chosen signal variables now and their latest changes, newest first. */
export const remoteSignalChange = defineWidget<RemoteSignalChangeConfig>({
  type: 'remoteSignalChange',
  group: 'operations',
  icon: <SwapOutlined />,
  size: { w: 8, h: 10 },
  needs: signalNeeds,
  View: RemoteSignalChangeView,
  migrate: migrateSignals,
});
