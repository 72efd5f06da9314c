import { Alert, Card, Flex, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { routes } from '../../generated/registry';
import type { LedgerFleet } from '../../generated/types';
import { label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import { PeriodPicker } from '../site/PeriodPicker';
import { querytime, type Period } from '../site/seriesData';
import type { SiteScreenProps } from '../site/views';
import { isPartial, shownFigure } from '../../runtime/format/ledger';
import { HEADLINE, periodOfAddress } from './ledgerFormat';

type Ranked = LedgerFleet['stations'][number];

const MONEY_PAGE = routes.find((route) => route.name === 'EmsLedgerStation')?.path ?? '';
/**
 * The fleet's stations ranked by what they earned in a day, month or year (each in its own zone),
 * against the stated baseline; each links to its money page for the same period. The address may
 * name the period (`?type=MONTH&time=2026-10`).
 */
export function LedgerFleetScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [search] = useScreenSearch();
  const [period, setPeriod] = useState<Period>(() => periodOfAddress(search));
  const time = querytime(period);
  const answer = useAnswer<LedgerFleet>(
    () => api.call('getFleetLedger', { query: { type: period.type, time } }, { silent: true }),
    `${period.type}:${time}`,
  );
  const caption = t('ledger.fleet.ranking');
  const data = answer.data;
  return (
    <Flex vertical gap="middle">
      <ScreenHeader title={label(t, `routes.${route}.title`)} />
      <Flex wrap gap="middle" align="center">
        <PeriodPicker value={period} onChange={setPeriod} />
      </Flex>
      <Typography.Text type="secondary">{t('ledger.fleet.note', { baseline: t('ledger.baseline') })}</Typography.Text>
      {answer.error ? <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} /> : null}
      {!data ? (
        <Spin style={{ display: 'block', margin: 64 }} />
      ) : (
        <Card size="small" title={caption}>
          <ScrollBox label={caption}>
            <Table<Ranked>
              size="small"
              rowKey="stationSn"
              aria-label={caption}
              dataSource={data.stations}
              pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 15, 20, 30, 40, 50], hideOnSinglePage: true }}
              columns={[
                { key: 'rank', title: t('ledger.fleet.rank'), align: 'right', render: (_, row) => row.rank },
                {
                  key: 'station',
                  title: t('ledger.fleet.station'),
                  render: (_, row) => (
                    <Link
                      to={`${MONEY_PAGE}?${new URLSearchParams({ station: row.stationSn, type: period.type, time }).toString()}`}
                    >
                      {row.stationName}
                    </Link>
                  ),
                },
                { key: 'zone', title: t('ledger.zone'), render: (_, row) => row.timeZone },
                ...HEADLINE.map((field) => ({
                  key: field,
                  title: label(t, `ledger.fields.${field}`),
                  align: 'right' as const,
                  render: (_: unknown, row: Ranked) =>
                    field === 'coverage' && isPartial(row.coverage) ? (
                      <Tag color="warning">{shownFigure(field, row[field])}</Tag>
                    ) : (
                      shownFigure(field, row[field])
                    ),
                })),
              ]}
            />
          </ScrollBox>
        </Card>
      )}
    </Flex>
  );
}
