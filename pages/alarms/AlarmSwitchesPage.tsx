import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../../runtime';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { StationSelect } from '../ems/StationSelect';
import { useStation } from '../ems/useStation';
import type { StationRecord } from '../site/useStations';
import type { SiteScreenProps } from '../site/views';
import { DeviceSwitches } from './DeviceSwitches';
import { StationRules } from './StationRules';
import { useStationAlarmControls } from './useStationAlarmControls';

/** The switches and rules of one station, with the server's message for a change it refused. */
function StationAlarmControlsView({ station }: { station: StationRecord }) {
  const { t } = useTranslation();
  const controls = useStationAlarmControls(station);
  return (
    <Flex vertical gap="middle">
      {controls.loadError ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${controls.loadError}`} /> : null}
      {controls.failure ? (
        <Alert
          type="error"
          showIcon
          closable={{ 'aria-label': t('common.close') }}
          onClose={controls.dismissFailure}
          message={t('alarmSwitches.notChanged')}
          description={controls.failure}
        />
      ) : null}
      <DeviceSwitches station={station} controls={controls} />
      <StationRules station={station} controls={controls} />
    </Flex>
  );
}

/**
 * EmsWarningSwitch: the alarm controls of the station the address names (`?station=`, else the
 * first): each device's alarm switch, every device's at once, and every alarm rule of the station
 * enabled or disabled at once. What it shows is what the server stores, read again after each change.
 */
export function AlarmSwitchesPage({ route = 'EmsWarningSwitch' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { stations, station, error, choose } = useStation();
  let body;
  if (error) body = <Alert type="error" showIcon message={`${t('common.loadFailed')} ${error}`} />;
  else if (!stations) body = <Spin style={{ display: 'block', margin: 64 }} />;
  else if (!station) body = <Empty description={t('alarmSwitches.noStation')} />;
  else body = <StationAlarmControlsView key={station.sn} station={station} />;
  return (
    <Flex vertical gap="middle">
      <div>
        <ScreenHeader title={label(t, `routes.${route}.title`)} />
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('alarmSwitches.explain')}
        </Typography.Paragraph>
      </div>
      <Flex wrap gap="small" align="center">
        <StationSelect stations={stations} value={station?.sn} onChange={choose} />
      </Flex>
      {body}
    </Flex>
  );
}
