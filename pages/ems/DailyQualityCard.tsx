import { Card, Select, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../runtime/dashboard';
import { dailyQualityOption } from './dailyQualityOption';
import { shown } from './EmsScreen';
import { outOfBand } from './qualityBands';

/** A measurement of a month, as the monthly report answers it. */
export interface MonthlyQuality {
  sn: string;
  name: string;
  code?: string;
  unit: string;
  max: number | null;
  min: number | null;
  avg: number | null;
  lower?: number;
  upper?: number;
  exceededDays?: number;
  days: { day: string; max: number | null; min: number | null; avg: number | null }[];
}

/**
 * One measurement day by day: its daily highest, lowest and mean against the band of the limits
 * (drawn and listed), the days whose extremes left the band marked.
 */
export function DailyQualityCard({ report }: { report: MonthlyQuality[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  // The first measurement with a limit, until the reader chooses another.
  const item =
    report.find((r) => r.sn === chosen) ?? report.find((r) => r.lower !== undefined || r.upper !== undefined) ?? report[0];
  const option = useMemo(
    () =>
      item &&
      dailyQualityOption(
        item,
        {
          max: t('emsScreens.quality.max'),
          min: t('emsScreens.quality.min'),
          upper: t('emsScreens.quality.upper'),
          lower: t('emsScreens.quality.lower'),
        },
        (value) => shown(value, item.unit),
      ),
    [item, t],
  );
  if (!item || !option) return null;
  const judged = (day: MonthlyQuality['days'][number]) => {
    const high = outOfBand(item, day.max, item.code);
    const low = outOfBand(item, day.min, item.code);
    return high === undefined && low === undefined ? undefined : Boolean(high || low);
  };
  return (
    <Card
      size="small"
      title={t('emsScreens.quality.daily')}
      extra={
        <Select
          aria-label={t('emsScreens.quality.measurement')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 200 }}
          value={item.sn}
          onChange={setChosen}
          options={report.map((r) => ({ value: r.sn, label: r.name }))}
        />
      }
    >
      <EChart option={option} label={t('emsScreens.quality.dailyChart', { name: item.name })} height={260} />
      {/*
        The month's days scroll under their header in a region of their own, which a keyboard can
        reach and scroll (WCAG 2.1.1) and a screen reader names.
      */}
      <div
        tabIndex={0}
        role="region"
        aria-label={t('emsScreens.quality.dailyTable', { name: item.name })}
        style={{ maxHeight: 320, overflowY: 'auto' }}
      >
        <Table
          rowKey="day"
          size="small"
          pagination={false}
          sticky
          dataSource={item.days}
          aria-label={t('emsScreens.quality.dailyTable', { name: item.name })}
          columns={[
            { key: 'day', title: t('emsScreens.quality.day'), dataIndex: 'day' },
            { key: 'max', title: t('emsScreens.quality.max'), render: (_, d) => shown(d.max, item.unit) },
            { key: 'min', title: t('emsScreens.quality.min'), render: (_, d) => shown(d.min, item.unit) },
            { key: 'avg', title: t('emsScreens.quality.avg'), render: (_, d) => shown(d.avg, item.unit) },
            {
              key: 'judgement',
              title: t('emsScreens.quality.judgement'),
              render: (_, d) => {
                const out = judged(d);
                if (d.max === null) return '--';
                return out === undefined ? (
                  '--'
                ) : out ? (
                  <Tag color="red">{t('emsScreens.quality.out')}</Tag>
                ) : (
                  <Tag color="green">{t('emsScreens.quality.within')}</Tag>
                );
              },
            },
          ]}
        />
      </div>
    </Card>
  );
}
