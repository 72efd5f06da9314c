import { DashboardOutlined } from '@ant-design/icons';
import { defineWidget, figureNeed, migrateDeviceVar, type Needs } from '../../runtime/dashboard';
import { KeyDataView } from './KeyDataView';
import { clearOtherTypes, isConfigured, keyDataFollowPeriod, keyDataUi, METHOD_OF, PERIOD_OF, type KeyDataConfig } from './rules';

/** Key data: one figure with its name, a text, a station field or a figure of a device variable. */
export const keyData = defineWidget<KeyDataConfig>({
  type: 'keyData',
  group: 'data',
  icon: <DashboardOutlined />,
  size: { w: 6, h: 4 },
  needs(config, context): Needs {
    if (config.dataType !== 'device_data' || !isConfigured(config) || !config.deviceValue) return {};
    return {
      value: figureNeed([config.deviceValue.varSn], PERIOD_OF[config.calcInterval], METHOD_OF[config.calcMethod], context),
    };
  },
  View: KeyDataView,
  uiRules: keyDataUi,
  onChange: clearOtherTypes,
  followPeriod: keyDataFollowPeriod,
  migrate(config, fromVersion) {
    if (fromVersion >= 2) return config;
    const deviceValue = migrateDeviceVar(config.deviceValue);
    const { deviceValue: _old, ...rest } = config;
    return deviceValue ? { ...rest, deviceValue } : rest;
  },
});
