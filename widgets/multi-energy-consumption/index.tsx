import { TableOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { MultiEnergyConsumptionView } from './MultiEnergyConsumptionView';
import { dataRules, type MultiEnergyConsumptionConfig } from './rules';

/** Multi-dimensional energy consumption: the energy and cost of each label of the station's label tree. */
export const multiEnergyConsumption = defineWidget<MultiEnergyConsumptionConfig>({
  ...dataRules,
  group: 'energy',
  icon: <TableOutlined />,
  size: { w: 8, h: 10 },
  View: MultiEnergyConsumptionView,
  // Nothing of this widget was stored differently before format 2.
  migrate: (config) => config,
});
