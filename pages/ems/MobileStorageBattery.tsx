import { Alert, Card, Flex, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryChart } from '../site/HistoryChart';
import { shown } from './EmsScreen';
import type { Reading } from './readings';
import type { DeviceRecord } from './useDevice';
import { useStationReadings } from './useStationReadings';

const FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The battery of a mobile storage unit from its BMS's stored telemetry: the latest state of
 * charge, every latest reading of the device, and the state of charge over the last 24 hours.
 */
export function MobileStorageBattery({ device }: { device: DeviceRecord }) {
  const { t } = useTranslation();
  const { devices, error } = useStationReadings(device.stationSn, 0, 60_000);
  const readings = devices?.find((d) => d.sn === device.sn);
  const soc = readings?.byCode.soc;
  // The 24 hours up to the latest sample, in the station's zone as the sample's time is written
  // (the browser's clock may be in another zone).
  const [startTime, endTime] = useMemo(() => {
    const end = soc?.time ? dayjs(soc.time) : undefined;
    return end?.isValid() ? [end.subtract(24, 'hour').format(FORMAT), end.add(1, 'minute').format(FORMAT)] : [];
  }, [soc?.time]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!readings) return <Spin />;
  return (
    <Flex vertical gap="middle">
      <Card
        size="small"
        title={`${t('mobileStorage.readings')}: ${device.name}`}
        role="region"
        aria-label={t('mobileStorage.readings')}
      >
        <Flex gap="large" wrap align="start">
          <Statistic
            title={t('mobileStorage.soc')}
            value={soc?.value === null || soc?.value === undefined ? '--' : soc.value}
            suffix={soc?.value === null || soc?.value === undefined ? undefined : soc.unit}
          />
          <div style={{ flex: 1, minWidth: 320 }}>
            <Table<Reading>
              rowKey="sn"
              size="small"
              pagination={false}
              dataSource={readings.readings}
              columns={[
                { key: 'name', title: t('mobileStorage.variable'), render: (_, v) => v.name },
                { key: 'value', title: t('mobileStorage.value'), render: (_, v) => shown(v.value, v.unit) },
                { key: 'time', title: t('mobileStorage.time'), render: (_, v) => v.time ?? '--' },
              ]}
            />
          </div>
        </Flex>
      </Card>
      {soc && startTime && endTime ? (
        <Card size="small" title={t('mobileStorage.curve')}>
          <HistoryChart
            variables={[{ sn: soc.sn, name: soc.name, unit: soc.unit, kind: 'gauge' }]}
            resolution="RAW"
            startTime={startTime}
            endTime={endTime}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
