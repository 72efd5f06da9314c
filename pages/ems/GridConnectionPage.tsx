import { App, Button, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { YkState } from '../../generated/types';
import { useRuntime } from '../../runtime';
import { EmsScreen, shown } from './EmsScreen';
import { valueOf, type DeviceReadings } from './readings';
import { StationSelect } from './StationSelect';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { useStation } from './useStation';
import { useStationReadings } from './useStationReadings';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/** After a command the screen reads again this often, this many times at most, until it is done. */
const POLL_MS = 3_000;
const POLLS = 10;

/**
 * On/off-grid management: each converter (storage unit) of a station, whether it is on or off the
 * grid, and switching it. A switch is confirmed, sent as a remote-control command to the
 * converter's grid mode (recorded with the user and the time), and followed until the converter
 * has applied it.
 */
export function GridConnectionPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { modal, message } = App.useApp();
  const { stations, station, choose, error: stationError } = useStation();
  const [version, setVersion] = useState(0);
  const [waiting, setWaiting] = useState<{ sn: string; polls: number }>();
  const { devices, error } = useStationReadings(station?.sn, version, 20_000);
  const controls = useCallAnswer<YkState[]>(
    'getYkVariables',
    station ? { params: { stationSn: station.sn } } : undefined,
    version,
  );
  const units = (devices ?? []).filter((d) => d.kind === 'pcs' && d.byCode.gridMode);
  const commandOf = (device: DeviceReadings) => controls.data?.find((c) => c.sn === device.byCode.gridMode?.sn)?.command;

  // Followed until the command is done and the converter's reading shows it (two answers of one poll), or it failed.
  const awaited = waiting && units.find((d) => d.byCode.gridMode?.sn === waiting.sn);
  const command = awaited ? commandOf(awaited) : undefined;
  const done =
    !waiting ||
    (!!awaited &&
      (command?.status === 'failed' || (command?.status === 'done' && valueOf(awaited, 'gridMode') === command.value)));
  useEffect(() => {
    if (!waiting || done || waiting.polls >= POLLS) return;
    const timer = setTimeout(() => {
      setWaiting({ ...waiting, polls: waiting.polls + 1 });
      setVersion((v) => v + 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, done]);

  const switchTo = (device: DeviceReadings, value: 0 | 1) => {
    const sn = device.byCode.gridMode?.sn;
    if (!sn || !station) return;
    const texts = { unit: device.name, station: station.name };
    modal.confirm({
      title: t(value === 1 ? 'emsScreens.grid.confirmOn' : 'emsScreens.grid.confirmOff', texts),
      content: t('emsScreens.grid.confirmContent'),
      okText: t('emsScreens.grid.switch'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.callDynamic('ykControl', { body: { sn, value } });
        void message.success(t('emsScreens.grid.sent'));
        setWaiting({ sn, polls: 0 });
        setVersion((v) => v + 1);
      },
    });
  };

  const word = (value: number | null, on: string, off: string) =>
    value === null ? (
      '--'
    ) : (
      <Tag color={value === 1 ? 'green' : 'orange'}>{t(`emsScreens.states.${value === 1 ? on : off}`)}</Tag>
    );

  return (
    <EmsScreen
      route="EmsStoreEnergyGridConnection"
      toolbar={<StationSelect stations={stations} value={station?.sn} onChange={choose} />}
      error={stationError ?? error ?? controls.error}
    >
      <ScrollBox label={t('emsScreens.grid.unit')}>
        <Table<DeviceReadings>
          rowKey="sn"
          size="middle"
          pagination={false}
          loading={!devices}
          dataSource={units}
          locale={{ emptyText: t('emsScreens.grid.none') }}
          columns={[
            { key: 'name', title: t('emsScreens.grid.unit'), render: (_, d) => d.name },
            {
              key: 'online',
              title: t('emsScreens.communication'),
              render: (_, d) => <Tag>{t(d.online ? 'emsScreens.online' : 'emsScreens.offline')}</Tag>,
            },
            {
              key: 'gridMode',
              title: t('emsScreens.codes.gridMode'),
              render: (_, d) => word(valueOf(d, 'gridMode'), 'onGrid', 'offGrid'),
            },
            {
              key: 'runState',
              title: t('emsScreens.codes.runState'),
              render: (_, d) => word(valueOf(d, 'runState'), 'running', 'stopped'),
            },
            { key: 'power', title: t('emsScreens.codes.activePower'), render: (_, d) => shown(valueOf(d, 'activePower'), 'kW') },
            {
              key: 'command',
              title: t('emsScreens.grid.lastCommand'),
              render: (_, d) => {
                const command = commandOf(d);
                if (!command) return '--';
                return (
                  <Typography.Text>
                    {t(`emsScreens.states.${command.value === 1 ? 'onGrid' : 'offGrid'}`)} · {command.userName} · {command.time} ·{' '}
                    {t(`emsScreens.grid.status.${command.status}`)}
                    {command.reason ? `: ${command.reason}` : ''}
                  </Typography.Text>
                );
              },
            },
            {
              key: 'action',
              title: t('common.actions'),
              render: (_, d) => {
                const off = valueOf(d, 'gridMode') === 0;
                return (
                  <Button size="small" onClick={() => switchTo(d, off ? 1 : 0)}>
                    {t(off ? 'emsScreens.grid.toOn' : 'emsScreens.grid.toOff')}
                  </Button>
                );
              },
            },
          ]}
        />
      </ScrollBox>
    </EmsScreen>
  );
}
