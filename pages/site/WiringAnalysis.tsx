import { Card, Col, Empty, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Diagram, NodeValue } from '../ems/DiagramView';
import { analyseDiagram, type Balance, type Branch } from './wiring';
import { withDecimals } from '../../runtime/format/money';
import { withUnit } from '../../runtime/format/units';

const kw = (value: number | null, unit = 'kW') => (value === null ? '--' : withUnit(withDecimals(value, 2), unit));

/** What a diagram says with its latest values: each busbar's branches and balance, and the nodes without data. */
export function WiringAnalysis({ diagram, values }: { diagram: Diagram; values: NodeValue[] }) {
  const { t } = useTranslation();
  const { branches, balances, withoutData } = analyseDiagram(diagram, values);
  const label = (key: string) => t(`emsRemaining.wiring.${key}`);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card size="small" title={label('branches')}>
          <Table<Branch>
            size="small"
            rowKey={(row) => `${row.busId}-${row.nodeId}`}
            pagination={false}
            aria-label={label('branches')}
            dataSource={branches}
            columns={[
              { key: 'node', title: label('branch'), render: (_, row) => row.label },
              {
                key: 'direction',
                title: label('direction'),
                render: (_, row) =>
                  row.draw === null ? (
                    '--'
                  ) : row.draw === 0 ? (
                    <Tag>{label('idle')}</Tag>
                  ) : (
                    <Tag color={row.draw < 0 ? 'green' : 'blue'}>{label(row.draw < 0 ? 'feeds' : 'draws')}</Tag>
                  ),
              },
              {
                key: 'power',
                title: label('power'),
                align: 'right',
                render: (_, row) => kw(row.draw === null ? null : Math.abs(row.draw), row.unit),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={label('balances')}>
          <Table<Balance>
            size="small"
            rowKey="busId"
            pagination={false}
            aria-label={label('balances')}
            dataSource={balances}
            columns={[
              { key: 'bus', title: label('busbar'), render: (_, row) => row.label },
              { key: 'inflow', title: label('inflow'), align: 'right', render: (_, row) => kw(row.inflow) },
              { key: 'drawn', title: label('drawn'), align: 'right', render: (_, row) => kw(row.drawn) },
              {
                key: 'unaccounted',
                title: label('unaccounted'),
                align: 'right',
                render: (_, row) => (row.unaccounted === null ? '--' : `${kw(row.unaccounted)} (${row.share ?? '--'}%)`),
              },
            ]}
          />
        </Card>
        <Card size="small" title={label('withoutData')} style={{ marginTop: 16 }}>
          {withoutData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label('allReporting')} />
          ) : (
            withoutData.map((node) => <Tag key={node.id}>{node.label ?? node.id}</Tag>)
          )}
        </Card>
      </Col>
    </Row>
  );
}
