import { DashboardOutlined } from '@ant-design/icons';
import { defineWidget, migrateDeviceVar } from '../../runtime/dashboard';
import { KeyDataView } from './KeyDataView';
import { dataRules, clearOtherTypes, keyDataUi, type KeyDataConfig } from './rules';

/** Key data: one figure with its name, a text, a station field or a figure of a device variable. */
export const keyData = defineWidget<KeyDataConfig>({
  ...dataRules,
  group: 'data',
  icon: <DashboardOutlined />,
  size: { w: 6, h: 4 },
  View: KeyDataView,
  uiRules: keyDataUi,
  onChange: clearOtherTypes,
  migrate(config, fromVersion) {
    if (fromVersion >= 2) return config;
    const deviceValue = migrateDeviceVar(config.deviceValue);
    const { deviceValue: _old, ...rest } = config;
    return deviceValue ? { ...rest, deviceValue } : rest;
  },
});
