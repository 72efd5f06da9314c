import { Alert, Card, Flex, Space, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Income } from '../../generated/meta';
import { label, useRuntime } from '../../runtime';
import { EChart } from '../../runtime/dashboard';
import { formatMoney, withDecimals } from '../../runtime/format/money';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { incomeOption } from './incomeOption';
import { PeriodPicker } from './PeriodPicker';
import { querytime, type Period } from './seriesData';
import { useAnswer } from '../../runtime/api/useAnswer';
import { viewOf, type SiteScreenProps } from './views';
import { ScrollBox } from '../../runtime/table/ScrollBox';

/** A figure of the income call: energies in kWh, amounts in yuan; null is '--'. */
interface Figures {
  charge: number | null;
  discharge: number | null;
  chargeCost: number | null;
  dischargeIncome: number | null;
  revenue: number | null;
}

interface IncomeAnswer extends Figures {
  period: string;
  points: (Figures & { time: string })[];
  stations: (Figures & { stationSn: string; stationName: string })[];
}

const FIELDS = ['charge', 'discharge', 'chargeCost', 'dischargeIncome', 'revenue'] as const;
const AMOUNTS = new Set<string>(['chargeCost', 'dischargeIncome', 'revenue']);

/** A figure as shown: amounts as money, energies to two decimals. */
const shown = (field: string, value: number | null) =>
  value === null ? '--' : AMOUNTS.has(field) ? formatMoney(value) : withDecimals(value, 2);

/**
 * Storage income (schemas/views/, kind income): over a day, month or year, the energy the storage
 * stations charged and discharged, priced hour by hour at each station's purchase prices — cost,
 * income and revenue in all, per hour, day or month as a chart, and per station. The view's `mine`
 * keeps to the stations of the signed-in user.
 */
export function IncomeScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const view = viewOf<Income>(route, ['income']);
  const [period, setPeriod] = useState<Period>(() => ({ type: 'MONTH', time: dayjs() }));
  const time = querytime(period);
  const day = period.time.format('YYYY-MM-DD');
  const answer = useAnswer<IncomeAnswer>(
    () =>
      api.call(
        'getStorageIncome',
        { query: { type: period.type, time: day, ...(view.mine ? { mine: true } : {}) } },
        { silent: true },
      ) as Promise<IncomeAnswer>,
    `${period.type}:${time}`,
  );
  const data = answer.data;
  const name = (field: string) => t(`emsRemaining.income.${field}`);
  const option = useMemo(() => data && incomeOption(data.points, (amount) => t(`emsRemaining.income.${amount}`)), [data, t]);
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      <Flex wrap gap="middle" align="center">
        <PeriodPicker value={period} onChange={setPeriod} />
        {view.mine ? <Alert type="info" showIcon message={t('emsRemaining.mineNote')} /> : null}
      </Flex>
      {answer.error ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} /> : null}
      {!data ? (
        <Spin style={{ display: 'block', margin: 64 }} />
      ) : (
        <>
          <Card size="small" role="region" aria-label={t('emsRemaining.income.totals')} title={t('emsRemaining.income.totals')}>
            <Space size="large" wrap>
              {FIELDS.map((field) => (
                <Statistic key={field} title={name(field)} value={shown(field, data[field])} />
              ))}
            </Space>
          </Card>
          <Card size="small" title={t('emsRemaining.income.perPart')}>
            {option ? <EChart option={option} label={t('emsRemaining.income.perPart')} height={280} /> : null}
          </Card>
          <ScrollBox label={t('emsRemaining.income.byStation')}>
            <Table
              size="small"
              rowKey="stationSn"
              pagination={false}
              aria-label={t('emsRemaining.income.byStation')}
              dataSource={data.stations}
              columns={[
                { key: 'station', title: t('emsRemaining.station'), render: (_, row) => row.stationName },
                ...FIELDS.map((field) => ({
                  key: field,
                  title: name(field),
                  align: 'right' as const,
                  render: (_: unknown, row: Figures) => shown(field, row[field]),
                })),
              ]}
            />
          </ScrollBox>
        </>
      )}
    </Flex>
  );
}
