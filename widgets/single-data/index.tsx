import { RiseOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { SingleDataView } from './SingleDataView';
import { migrateSingleData, singleDataFollowPeriod, singleDataNeeds, singleDataUi, type SingleDataConfig } from './rules';

/** Single data: a figure of a device variable against the previous day, month or year, with an up or down arrow. */
export const singleData = defineWidget<SingleDataConfig>({
  type: 'singleData',
  group: 'data',
  icon: <RiseOutlined />,
  size: { w: 6, h: 5 },
  needs: singleDataNeeds,
  View: SingleDataView,
  uiRules: singleDataUi,
  followPeriod: singleDataFollowPeriod,
  migrate: migrateSingleData,
});
