import { ClockCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zonesToState } from './timeZones';

export interface StationZoneNoteProps {
  /** The time zones of the stations whose times the screen shows (IANA names, such as Asia/Shanghai). */
  timeZones: readonly string[];
}

/**
 * Says that the times of station data (alarms, curves, a dashboard's figures) are the station's
 * clock, naming its zone and offset, where the reader's browser keeps another time; where the
 * clocks agree there is nothing to say, and nothing is shown.
 */
export function StationZoneNote({ timeZones }: StationZoneNoteProps) {
  const { t } = useTranslation();
  const zones = zonesToState(timeZones, new Date());
  if (zones.length === 0) return null;
  return (
    <Typography.Text type="secondary" role="note">
      <ClockCircleOutlined aria-hidden />{' '}
      {t(zones.length === 1 ? 'common.stationZone' : 'common.stationZones', { zones: zones.join('; ') })}
    </Typography.Text>
  );
}
