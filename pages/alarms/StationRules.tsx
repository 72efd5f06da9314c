import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationRecord } from '../site/useStations';
import type { StationAlarmControls } from './useStationAlarmControls';

export interface StationRulesProps {
  station: StationRecord;
  controls: StationAlarmControls;
}

/**
 * The station's alarm rules as a whole: how many are enabled, and all of them enabled or disabled
 * at once after a confirmation naming the station (one rule is enabled or disabled on the rule list).
 */
export function StationRules({ station, controls }: StationRulesProps) {
  const { t } = useTranslation();
  const { rules, busy } = controls;
  const title = t('alarmSwitches.rules');
  const bulk = (enabled: boolean) => {
    const control = enabled ? 'enableRules' : 'disableRules';
    return (
      <Popconfirm
        title={t(enabled ? 'alarmSwitches.enableAllQuestion' : 'alarmSwitches.disableAllQuestion', { station: station.name })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => void controls.setRules(enabled)}
      >
        <Button danger={!enabled} loading={busy === control} disabled={busy !== undefined && busy !== control}>
          {t(enabled ? 'alarmSwitches.enableAll' : 'alarmSwitches.disableAll')}
        </Button>
      </Popconfirm>
    );
  };
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{title}</h2>}>
      <Flex wrap gap="small" align="center">
        {bulk(true)}
        {bulk(false)}
        <Typography.Text type="secondary">
          {rules ? t('alarmSwitches.rulesEnabled', { enabled: rules.enabled, total: rules.total }) : null}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
