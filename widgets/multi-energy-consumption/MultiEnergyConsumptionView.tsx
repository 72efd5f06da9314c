import { Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyLabel } from '../../generated/types';
import { enumLabel } from '../../runtime';
import { formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { labelFigures, labelRows, type LabelRow, type MultiEnergyConsumptionConfig } from './rules';

export function MultiEnergyConsumptionView({ config, data }: WidgetViewProps<MultiEnergyConsumptionConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const rows = useMemo(() => {
    const tree = data.tree?.status === 'ready' && Array.isArray(data.tree.data) ? (data.tree.data as EnergyLabel[]) : [];
    return labelRows(tree, labelFigures(data.figures));
  }, [data.tree, data.figures]);
  const columns: TableColumnsType<LabelRow> = [
    { key: 'name', dataIndex: 'name', title: t('widgets.multiEnergyConsumption.label') },
    {
      key: 'value',
      dataIndex: 'value',
      align: 'right',
      title: t('widgets.multiEnergyConsumption.energy'),
      render: (value: number | null, row) => `${formatFigure(value, fix)} ${row.unit}`,
    },
    ...(config.showCost
      ? [
          {
            key: 'charge',
            dataIndex: 'charge',
            align: 'right' as const,
            title: t('widgets.multiEnergyConsumption.cost'),
            render: (charge: number | null) => formatFigure(charge, fix),
          },
        ]
      : []),
  ];
  const answered = data.figures?.status === 'ready' && data.tree?.status === 'ready';
  return (
    <WidgetStatus data={data} empty={answered && rows.length === 0 ? t('widgets.common.noData') : false}>
      {() => (
        <section aria-label={t('widgets.multiEnergyConsumption.table')}>
          <Typography.Text type="secondary">{enumLabel(t, 'multiEnergyConsumptionPeriod', config.period)}</Typography.Text>
          <Table<LabelRow>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={rows}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
          />
        </section>
      )}
    </WidgetStatus>
  );
}
