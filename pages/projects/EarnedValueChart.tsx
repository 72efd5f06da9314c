import { Alert, Card, Flex, Spin, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, SeriesLegend, seriesColor } from '../../runtime/dashboard';
import { formatMoney } from '../../runtime/format/money';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import type { Answer } from '../../runtime/api/useAnswer';
import type { EarnedValueMonths } from './earnedValueAnswer';
import { CURVES, earnedValueOption } from './earnedValueOption';
import { MOST_MONTHS } from './earnedValueMonths';

/** The curves' short names: the figures' own abbreviations (PV, EV, AC) with their labels. */
const CURVE_KEYS = { plannedValue: 'pv', earnedValue: 'ev', actualCost: 'ac' } as const;

/**
 * PV, EV and AC at the end of each month as lines, with a legend and the same figures as a table
 * (a chart is a picture to a screen reader); says so when the earliest months were left out.
 */
export function EarnedValueChart({
  months,
  firstPlannedDay,
}: {
  months: Answer<EarnedValueMonths>;
  firstPlannedDay: string | null;
}) {
  const { t } = useTranslation();
  const words = (key: string, params: Record<string, unknown> = {}) => t(`projects.earnedValue.${key}`, params);
  const data = months.data;
  const option = useMemo(
    () => data && earnedValueOption(data.points, (curve) => t(`projects.earnedValue.${CURVE_KEYS[curve]}`)),
    [data, t],
  );
  return (
    <Card size="small" title={words('chart')}>
      {months.error ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${months.error}`} /> : null}
      {!data || !option ? (
        months.error ? null : (
          <Spin style={{ display: 'block', margin: 48 }} />
        )
      ) : (
        <Flex vertical gap="middle">
          {data.cut ? (
            <Alert type="info" showIcon message={words('cut', { count: MOST_MONTHS, first: firstPlannedDay ?? '' })} />
          ) : null}
          {firstPlannedDay === null ? <Alert type="info" showIcon message={words('noPlan')} /> : null}
          <SeriesLegend
            label={words('chart')}
            marker="line"
            entries={CURVES.map((curve, index) => ({ key: curve, name: words(CURVE_KEYS[curve]), color: seriesColor(index) }))}
          />
          <EChart option={option} label={words('chart')} height={300} />
          <ScrollBox label={words('byMonth')}>
            <Table
              size="small"
              rowKey="month"
              pagination={false}
              aria-label={words('byMonth')}
              dataSource={data.points}
              columns={[
                { key: 'month', title: words('month'), render: (_, point) => point.month },
                { key: 'day', title: words('day'), render: (_, point) => point.day },
                ...CURVES.map((curve) => ({
                  key: curve,
                  title: words(CURVE_KEYS[curve]),
                  align: 'right' as const,
                  render: (_: unknown, point: (typeof data.points)[number]) => formatMoney(point[curve]),
                })),
              ]}
            />
          </ScrollBox>
        </Flex>
      )}
    </Card>
  );
}
