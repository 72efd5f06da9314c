import { Card, Col, Descriptions, Empty, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enumLabel, label } from '../../runtime';
import { BOARD_KINDS, boardSummary, figuresOf } from './boardFigures';
import { EmsScreen, shown } from './EmsScreen';
import { StationSelect } from './StationSelect';
import type { DeviceReadings } from './readings';
import { useStation } from './useStation';
import { useStationReadings } from './useStationReadings';

/** The board reads the devices again this often, as the dashboard does. */
const REFRESH_MS = 20_000;

/** A device of the board: its state and its figures, and a link to its details. */
function DeviceCard({ device }: { device: DeviceReadings }) {
  const { t } = useTranslation();
  return (
    <section aria-label={device.name}>
      <Card
        size="small"
        title={device.name}
        extra={
          <Tag color={device.online ? 'green' : 'default'}>{t(device.online ? 'emsScreens.online' : 'emsScreens.offline')}</Tag>
        }
        actions={[
          <Link key="detail" to={`/main/ems/map/equipDetail?deviceSn=${encodeURIComponent(device.sn)}`}>
            {t('emsScreens.details')}
          </Link>,
        ]}
      >
        <Descriptions
          size="small"
          column={1}
          items={figuresOf(device).map((figure) => ({
            key: figure.code,
            label: label(t, `emsScreens.codes.${figure.code}`),
            children: figure.word ? t(`emsScreens.states.${figure.word}`) : shown(figure.value, figure.unit),
          }))}
        />
        {device.lastTime ? (
          <Typography.Text type="secondary">{t('emsScreens.lastSample', { time: device.lastTime })}</Typography.Text>
        ) : null}
      </Card>
    </section>
  );
}

/**
 * The equipment board: a storage station's converters, battery management, battery clusters and
 * meters at a glance — online or not, state, power, SOC, temperatures — from their latest stored
 * readings, read again every 20 s.
 */
export function EquipmentBoardPage() {
  const { t } = useTranslation();
  const { stations, station, choose, error: stationError } = useStation();
  const { devices, error } = useStationReadings(station?.sn, 0, REFRESH_MS);
  const summary = devices ? boardSummary(devices) : undefined;
  return (
    <EmsScreen
      route="EmsStoreEnergyEquipmentBoard"
      toolbar={<StationSelect stations={stations} value={station?.sn} onChange={choose} />}
      error={stationError ?? error}
    >
      {!devices || !summary ? (
        <Spin />
      ) : summary.total === 0 ? (
        <Empty description={t('emsScreens.noStorage')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {(
              [
                ['storagePower', shown(summary.power, 'kW')],
                ['soc', shown(summary.soc, '%')],
                ['hottestCell', shown(summary.hottestCell, '°C')],
                ['devicesOnline', `${summary.online} / ${summary.total}`],
              ] as const
            ).map(([key, value]) => (
              <Col key={key} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={t(`emsScreens.board.${key}`)} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          {BOARD_KINDS.map((kind) => {
            const ofKind = devices.filter((d) => d.kind === kind);
            return ofKind.length ? (
              <div key={kind}>
                <Typography.Title level={5}>{enumLabel(t, 'deviceKind', kind)}</Typography.Title>
                <Row gutter={[16, 16]}>
                  {ofKind.map((device) => (
                    <Col key={device.sn} xs={24} md={12} xl={6}>
                      <DeviceCard device={device} />
                    </Col>
                  ))}
                </Row>
              </div>
            ) : null;
          })}
        </>
      )}
    </EmsScreen>
  );
}
