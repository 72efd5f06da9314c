import { BellOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { AlarmListView } from './AlarmListView';
import { dataRules, migrateAlarmList, type AlarmListConfig } from './rules';

/** Alarm list: the 5 latest alarms of the station; an open one can be confirmed with confirmation info. */
export const alarmList = defineWidget<AlarmListConfig>({
  ...dataRules,
  group: 'status',
  icon: <BellOutlined />,
  size: { w: 12, h: 10 },
  View: AlarmListView,
  migrate: migrateAlarmList,
});
