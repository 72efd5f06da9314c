import { BarChartOutlined } from '@ant-design/icons';
import { defineWidget, migrateDeviceVar } from '../../runtime/dashboard';
import { DodAnalysisView } from './DodAnalysisView';
import { dataRules, type DodAnalysisConfig } from './rules';

/** DOD analysis: the battery's depth of discharge on each day of a period, from the daily highest and lowest SOC. */
export const dodAnalysis = defineWidget<DodAnalysisConfig>({
  ...dataRules,
  group: 'energy',
  icon: <BarChartOutlined />,
  size: { w: 12, h: 9 },
  View: DodAnalysisView,
  migrate(config, fromVersion) {
    if (fromVersion >= 2) return config;
    const socVar = migrateDeviceVar(config.socVar);
    const { socVar: _old, ...rest } = config;
    return socVar ? { ...rest, socVar } : rest;
  },
});
