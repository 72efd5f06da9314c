import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Worksheet } from '../../generated/types';
import { enumLabel } from '../../runtime';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { DataTable } from '../../runtime/table/DataTable';
import { chosenStatuses, isWorksheetStatus, orDash, STATUS_TAG_COLORS, worksheetsOf, type WorkOrderListConfig } from './rules';

export function WorkOrderListView({ config, data }: WidgetViewProps<WorkOrderListConfig>) {
  const { t } = useTranslation();
  const worksheets = worksheetsOf(data.worksheets);
  const empty =
    chosenStatuses(config).length === 0
      ? t('widgets.common.pleaseConfigure')
      : data.worksheets?.status === 'ready' && !worksheets?.length
        ? t('widgets.common.noData')
        : false;
  return (
    <WidgetStatus data={data} empty={empty}>
      {() => (
        <DataTable<Worksheet>
          rowKey={(sheet) => String(sheet.id)}
          rows={worksheets ?? []}
          label={t('widgets.workOrderList.table')}
          columns={[
            { key: 'name', title: t('widgets.workOrderList.columns.name'), ellipsis: true, render: (sheet) => sheet.name },
            {
              key: 'type',
              title: t('widgets.workOrderList.columns.type'),
              width: 96,
              render: (sheet) => (sheet.type ? enumLabel(t, 'siteopsWorkType', sheet.type) : '--'),
            },
            {
              key: 'status',
              title: t('widgets.workOrderList.columns.status'),
              width: 96,
              render: (sheet) =>
                isWorksheetStatus(sheet.status) ? (
                  <Tag color={STATUS_TAG_COLORS[sheet.status]}>{enumLabel(t, 'siteopsWorksheetStatus', sheet.status)}</Tag>
                ) : (
                  '--'
                ),
            },
            {
              key: 'planDate',
              title: t('widgets.workOrderList.columns.planDate'),
              width: 110,
              render: (sheet) => orDash(sheet.planDate),
            },
            {
              key: 'assignee',
              title: t('widgets.workOrderList.columns.assignee'),
              width: 100,
              ellipsis: true,
              render: (sheet) => orDash(sheet.assigneeName),
            },
          ]}
        />
      )}
    </WidgetStatus>
  );
}
