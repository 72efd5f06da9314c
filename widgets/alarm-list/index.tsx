import { BellOutlined } from '@ant-design/icons';
import { defineWidget } from '../../runtime/dashboard';
import { AlarmListView } from './AlarmListView';
import { alarmListNeed, migrateAlarmList, type AlarmListConfig } from './rules';

/** Alarm list: the 5 latest alarms of the station; an open one can be confirmed with confirmation info. */
export const alarmList = defineWidget<AlarmListConfig>({
  type: 'alarmList',
  group: 'status',
  icon: <BellOutlined />,
  size: { w: 12, h: 10 },
  needs: (_config, context) => ({ alarms: alarmListNeed(context) }),
  View: AlarmListView,
  migrate: migrateAlarmList,
});
