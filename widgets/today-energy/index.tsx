import { ThunderboltOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { dataRules, type TodayEnergyConfig } from './rules';
import { TodayEnergyView } from './TodayEnergyView';

/** Today energy: what the station charged, discharged or generated today, against yesterday. */
export const todayEnergy = defineWidget<TodayEnergyConfig>({
  ...dataRules,
  group: 'energy',
  icon: <ThunderboltOutlined />,
  size: { w: 8, h: 5 },
  View: TodayEnergyView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
