import { RiseOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { SingleDataView } from './SingleDataView';
import { dataRules, migrateSingleData, singleDataUi, type SingleDataConfig } from './rules';

/** Single data: a figure of a device variable against the previous day, month or year, with an up or down arrow. */
export const singleData = defineWidget<SingleDataConfig>({
  ...dataRules,
  group: 'data',
  icon: <RiseOutlined />,
  size: { w: 6, h: 5 },
  View: SingleDataView,
  uiRules: singleDataUi,
  migrate: migrateSingleData,
});
