import { AppstoreOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { MultiKeyDataView } from './MultiKeyDataView';
import { dataRules, keepEntriesInStep, migrateMultiKeyData, multiKeyDataUi, type MultiKeyDataConfig } from './rules';

/** Multi key data: several key figures side by side, each a text, a station field or a figure of a device variable. */
export const multiKeyData = defineWidget<MultiKeyDataConfig>({
  ...dataRules,
  group: 'data',
  icon: <AppstoreOutlined />,
  size: { w: 12, h: 5 },
  View: MultiKeyDataView,
  uiRules: multiKeyDataUi,
  onChange: (previous, next) => keepEntriesInStep(previous, next, Date.now()),
  migrate: migrateMultiKeyData,
});
