import { Button, Card, Flex, Popconfirm, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../runtime';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import { DataTable, type TableColumn } from '../../runtime/table/DataTable';
import { alarmTime } from '../../widgets/alarm-list/rules';
import type { StationRecord } from '../site/useStations';
import { switchCounts, type SwitchRow } from './alarmSwitches';
import { deviceControl, type StationAlarmControls } from './useStationAlarmControls';

export interface DeviceSwitchesProps {
  station: StationRecord;
  controls: StationAlarmControls;
}

/**
 * The station's devices, each with its alarm switch (open or closed, and who changed it when), and
 * the switches of all of them opened or closed at once after a confirmation naming the station and
 * how many devices it has. On a phone the table leaves out the last change, so that it fits.
 */
export function DeviceSwitches({ station, controls }: DeviceSwitchesProps) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const { rows, busy } = controls;
  const counts = switchCounts(rows ?? []);
  const title = t('alarmSwitches.devices');
  const bulk = (opened: boolean) => {
    const control = opened ? 'openAll' : 'closeAll';
    return (
      <Popconfirm
        title={t(opened ? 'alarmSwitches.openAllQuestion' : 'alarmSwitches.closeAllQuestion', {
          station: station.name,
          count: rows?.length ?? 0,
        })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => void controls.setSwitches(opened)}
      >
        <Button danger={!opened} loading={busy === control} disabled={!rows?.length || (busy !== undefined && busy !== control)}>
          {t(opened ? 'alarmSwitches.openAll' : 'alarmSwitches.closeAll')}
        </Button>
      </Popconfirm>
    );
  };
  const columns: TableColumn<SwitchRow>[] = [
    { key: 'device', title: t('alarmSwitches.device'), render: (row) => row.deviceName },
    {
      key: 'kind',
      title: t('alarmSwitches.kind'),
      width: narrow ? 96 : 160,
      render: (row) => (row.kind ? enumLabel(t, 'deviceKind', row.kind) : '--'),
    },
    {
      key: 'switch',
      title: t('alarmSwitches.switch'),
      width: narrow ? 112 : 160,
      render: (row) => {
        const control = deviceControl(row.deviceSn);
        return (
          <Flex align="center" gap="small" wrap>
            <Switch
              checked={row.opened}
              loading={busy === control}
              disabled={busy !== undefined && busy !== control}
              aria-label={t('alarmSwitches.switchOf', { device: row.deviceName })}
              onChange={(opened) => void controls.setSwitches(opened, row)}
            />
            <Typography.Text>{t(row.opened ? 'alarmSwitches.opened' : 'alarmSwitches.closed')}</Typography.Text>
          </Flex>
        );
      },
    },
    ...(narrow
      ? []
      : [
          {
            key: 'changed',
            title: t('alarmSwitches.lastChange'),
            width: 260,
            render: (row: SwitchRow) =>
              row.changeTime
                ? t('alarmSwitches.changedBy', { time: alarmTime(row.changeTime, station.timeZone), user: row.changedBy ?? '--' })
                : t('alarmSwitches.never'),
          },
        ]),
  ];
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{title}</h2>}>
      <Flex vertical gap="middle">
        <Flex wrap gap="small" align="center">
          {bulk(true)}
          {bulk(false)}
          {rows ? (
            <Typography.Text type="secondary">
              {t('alarmSwitches.counts', { opened: counts.opened, closed: counts.closed })}
            </Typography.Text>
          ) : null}
        </Flex>
        <DataTable<SwitchRow>
          label={title}
          rowKey={(row) => row.deviceSn}
          rows={rows ?? []}
          columns={columns}
          empty={rows ? t('alarmSwitches.noDevices') : false}
        />
      </Flex>
    </Card>
  );
}
