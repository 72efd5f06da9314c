import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyLabel } from '../../generated/types';
import { enumLabel } from '../../runtime';
import { formatFigure, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { DataTable, type TableColumn } from '../../runtime/table/DataTable';
import { labelFigures, labelRows, type LabelRow, type MultiEnergyConsumptionConfig } from './rules';

export function MultiEnergyConsumptionView({ config, data }: WidgetViewProps<MultiEnergyConsumptionConfig>) {
  const { t } = useTranslation();
  const fix = config.numberFix;
  const rows = useMemo(() => {
    const tree = data.tree?.status === 'ready' && Array.isArray(data.tree.data) ? (data.tree.data as EnergyLabel[]) : [];
    return labelRows(tree, labelFigures(data.figures));
  }, [data.tree, data.figures]);
  const columns: TableColumn<LabelRow>[] = [
    { key: 'name', title: t('widgets.multiEnergyConsumption.label'), render: (row) => row.name },
    {
      key: 'value',
      align: 'right',
      title: t('widgets.multiEnergyConsumption.energy'),
      render: (row) => `${formatFigure(row.value, fix)} ${row.unit}`,
    },
    ...(config.showCost
      ? [
          {
            key: 'charge',
            align: 'right' as const,
            title: t('widgets.multiEnergyConsumption.cost'),
            render: (row: LabelRow) => formatFigure(row.charge, fix),
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
          <DataTable<LabelRow>
            rowKey={(row) => String(row.key)}
            columns={columns}
            rows={rows}
            childrenOf={(row) => row.children}
          />
        </section>
      )}
    </WidgetStatus>
  );
}
