import { DatePicker, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyQualityCard, type MonthlyQuality } from './DailyQualityCard';
import { EmsScreen, shown } from './EmsScreen';
import { useMeter } from './MeterToolbar';
import { bandText } from './qualityBands';
import { stationClock } from '../../runtime/format/timeZones';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/**
 * The monthly power-quality report of a meter: each measurement's highest, lowest and mean of the
 * month from its daily rollups, the band of the station's limits and the days out of it; below, a
 * measurement day by day.
 */
export function QualityMonthReportPage() {
  const { t } = useTranslation();
  const { station, meter, error: meterError, toolbar } = useMeter();
  // The station's month until another is picked.
  const [picked, setMonth] = useState<Dayjs>();
  const month = picked ?? stationClock(station?.timeZone);
  const report = useCallAnswer<MonthlyQuality[]>(
    'getQualityMonthlyReport',
    meter ? { query: { deviceSn: meter.sn, month: month.format('YYYY-MM') } } : undefined,
  );
  return (
    <EmsScreen
      route="EmsPowerQualityMonthReport"
      toolbar={
        <>
          {toolbar}
          <DatePicker
            picker="month"
            aria-label={t('emsScreens.month')}
            value={month}
            allowClear={false}
            onChange={(value) => value && setMonth(value)}
          />
        </>
      }
      error={meterError ?? report.error}
    >
      <ScrollBox label={t('emsScreens.quality.monthTable')}>
        <Table<MonthlyQuality>
          rowKey="sn"
          size="middle"
          pagination={false}
          loading={report.loading}
          dataSource={report.data ?? []}
          aria-label={t('emsScreens.quality.monthTable')}
          columns={[
            { key: 'name', title: t('emsScreens.quality.measurement'), render: (_, r) => r.name },
            { key: 'max', title: t('emsScreens.quality.max'), render: (_, r) => shown(r.max, r.unit) },
            { key: 'min', title: t('emsScreens.quality.min'), render: (_, r) => shown(r.min, r.unit) },
            { key: 'avg', title: t('emsScreens.quality.avg'), render: (_, r) => shown(r.avg, r.unit) },
            { key: 'band', title: t('emsScreens.quality.band'), render: (_, r) => bandText(r, r.unit) || '--' },
            { key: 'days', title: t('emsScreens.quality.daysOut'), render: (_, r) => shown(r.exceededDays) },
          ]}
        />
      </ScrollBox>
      {report.data?.length ? <DailyQualityCard report={report.data} /> : null}
    </EmsScreen>
  );
}
