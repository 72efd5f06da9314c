import { Card, Col, Empty, Row, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../runtime/dashboard';
import type { SeriesFigures } from './seriesData';
import { partsOf, perPeriodOption, sharesOption } from './statisticsOption';

const round = (value: number | null) => (value === null ? '--' : Math.round(value * 100) / 100);

/** Each series' total and share of all, their shares as a ring, and their figures per hour, day or month as bars. */
export function SeriesStatistics({ series }: { series: SeriesFigures[] }) {
  const { t } = useTranslation();
  const perPeriod = useMemo(() => perPeriodOption(series), [series]);
  const shares = useMemo(() => sharesOption(series), [series]);
  if (series.length === 0) return <Empty description={t('common.empty')} />;
  const parts = partsOf(series);
  const all = parts.reduce((sum, entry) => sum + (entry.value ?? 0), 0);
  const rows = series.map((entry) => ({
    key: entry.key,
    name: entry.name,
    unit: entry.unit,
    value: round(entry.value),
    share: all > 0 && entry.value !== null && !entry.divided ? `${Math.round((entry.value / all) * 1000) / 10}%` : '--',
  }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('siteViews.perPeriod')}>
          <EChart option={perPeriod} label={t('siteViews.perPeriod')} height={300} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('siteViews.shares')}>
          <EChart option={shares} label={t('siteViews.shares')} height={300} />
        </Card>
      </Col>
      <Col span={24}>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={(['name', 'value', 'unit', 'share'] as const).map((key) => ({
            key,
            dataIndex: key,
            title: t(`siteViews.series.${key}`),
          }))}
        />
      </Col>
    </Row>
  );
}
