import { Card, Col, Empty, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartCanvas, seriesColor, shareRing } from '../../runtime/dashboard';
import type { SeriesFigures } from './seriesData';

const round = (value: number | null) => (value === null ? '--' : Math.round(value * 100) / 100);

/** Each series' total and share of all, their shares as a ring, and their figures per hour, day or month as bars. */
export function SeriesStatistics({ series }: { series: SeriesFigures[] }) {
  const { t } = useTranslation();
  if (series.length === 0) return <Empty description={t('common.empty')} />;
  // Shares and stacks are of the series that are not divided further (a label's sub-labels, not the label too).
  const parts = series.filter((entry) => !entry.divided);
  const all = parts.reduce((sum, entry) => sum + (entry.value ?? 0), 0);
  const rows = series.map((entry) => ({
    key: entry.key,
    name: entry.name,
    unit: entry.unit,
    value: round(entry.value),
    share: all > 0 && entry.value !== null && !entry.divided ? `${Math.round((entry.value / all) * 1000) / 10}%` : '--',
  }));
  const unit = series[0]?.unit ?? '';
  const ring = shareRing(
    parts.map((entry, index) => ({
      name: entry.name,
      value: Math.max(0, entry.value ?? 0),
      share: all > 0 ? (Math.max(0, entry.value ?? 0) / all) * 100 : null,
      color: seriesColor(index),
    })),
    {
      value: (value) => `${Math.round(value * 100) / 100} ${unit}`,
      share: (share) => (share === null ? '--' : `${Math.round(share * 10) / 10}%`),
    },
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('siteViews.perPeriod')}>
          <div style={{ height: 300 }}>
            <ChartCanvas
              label={t('siteViews.perPeriod')}
              config={{
                type: 'bar',
                data: {
                  labels: series[0]?.timeKeys ?? [],
                  datasets: parts.map((entry) => ({ label: entry.name, data: entry.datas })),
                },
                options: { animation: false, scales: { x: { stacked: true }, y: { stacked: true } } },
              }}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('siteViews.shares')}>
          <div style={{ height: 300 }}>
            <ChartCanvas label={t('siteViews.shares')} config={ring} />
          </div>
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
