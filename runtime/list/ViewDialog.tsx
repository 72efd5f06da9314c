import { Alert, Modal, Table } from 'antd';
import type { RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { PageSchema, RowAction } from '../../generated/meta';
import { fieldLabel, label } from '../i18n/labels';
import { formatValue, propertiesOf } from '../schema/properties';
import { rowParams, type ListRecord } from './ListView';
import { useCallAnswer } from './useCallAnswer';

export interface ViewDialogProps {
  page: PageSchema;
  /** The entity schema of the records (the page's). */
  schema: RJSFSchema;
  action: Extract<RowAction, { action: 'view' }>;
  record: ListRecord;
  onClose(): void;
}

/** A dialog listing the records a call answers about a row (the customer's other orders), read-only. */
export function ViewDialog({ page, schema, action, record, onClose }: ViewDialogProps) {
  const { t } = useTranslation();
  const answer = useCallAnswer<ListRecord[]>(action.operation, { query: rowParams(action.params, record) });
  const properties = propertiesOf(schema);
  return (
    <Modal open title={label(t, `actions.${action.operation}`)} footer={null} width={880} onCancel={onClose}>
      {answer.error ? <Alert type="error" showIcon message={answer.error} /> : null}
      <Table<ListRecord>
        size="small"
        rowKey={(row) => String(row.id)}
        loading={answer.loading}
        dataSource={answer.data ?? []}
        pagination={false}
        locale={{ emptyText: t('common.empty') }}
        columns={action.columns.map((field) => ({
          key: field,
          title: fieldLabel(t, page.entity, field),
          render: (_: unknown, row: ListRecord) => formatValue(t, properties[field], row[field], row),
        }))}
      />
    </Modal>
  );
}
