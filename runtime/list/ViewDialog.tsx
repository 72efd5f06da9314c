import { Alert, Modal, Table } from 'antd';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSchema, RowAction } from '../../generated/meta';
import { useAnswer } from '../api/useAnswer';
import { fieldLabel, label } from '../i18n/labels';
import { loadEntity } from '../schema/entities';
import { formatValue, propertiesOf } from '../schema/properties';
import { rowCallParts, type ListRecord } from './ListView';
import { useCallAnswer } from './useCallAnswer';

export interface ViewDialogProps {
  page: PageSchema;
  action: Extract<RowAction, { action: 'view' }>;
  record: ListRecord;
  onClose(): void;
}

/** What a view's call answers: the records, one page of them, or one record or none. */
type Page = { records: ListRecord[]; total: number; current: number; size: number };
type Listed = ListRecord[] | Page | ListRecord | null;

/** The rows of an answer, and its page when it is one. */
function rowsOf(answer: Listed | undefined): [ListRecord[] | undefined, Page?] {
  if (answer === undefined) return [undefined];
  if (answer === null) return [[]];
  if (Array.isArray(answer)) return [answer];
  return Array.isArray(answer.records) ? [answer.records as ListRecord[], answer as Page] : [[answer]];
}

/**
 * A dialog listing the records a call answers about a row (the customer's other orders, an order's
 * quotations, a camera's PTZ commands), read-only: the columns labelled and written as the listed
 * entity's (the page's unless the action names another); a column of the call's own records that
 * the entity lacks is labelled by the view (`views.<operation>.<column>`) and written as it comes.
 * A call answering a page of records is paged in the dialog: its first page as the server gives
 * it, then the page the user picks; one answering one record (the prices a station pays now)
 * shows it as the one row, or none.
 */
export function ViewDialog({ page, action, record, onClose }: ViewDialogProps) {
  const { t } = useTranslation();
  const listed = action.entity ?? page.entity;
  const [paging, setPaging] = useState<{ current: number; size: number }>();
  const input = useMemo(() => {
    const parts = rowCallParts(action.params, record);
    return paging ? { ...parts, query: { ...parts.query, ...paging } } : parts;
  }, [action.params, record, paging]);
  const answer = useCallAnswer<Listed>(action.operation, input);
  const [rows, onePage] = rowsOf(answer.data);
  // Loaded once for all screens (the page's own entity is loaded already).
  const schema = useAnswer(() => loadEntity(listed).then((module) => module.schema as RJSFSchema), listed).data;
  const properties = propertiesOf(schema ?? {});
  return (
    <Modal open title={label(t, `actions.${action.operation}`)} footer={null} width={880} onCancel={onClose}>
      {answer.error ? <Alert type="error" showIcon message={answer.error} /> : null}
      <Table<ListRecord>
        size="small"
        // Records of a call's own shape may have no id (an energy label's linked variables).
        rowKey={(row) => String(row.id ?? JSON.stringify(row))}
        loading={answer.loading || !schema}
        dataSource={rows ?? []}
        pagination={
          onePage
            ? {
                current: onePage.current,
                pageSize: onePage.size,
                total: onePage.total,
                showSizeChanger: false,
                onChange: (current, size) => setPaging({ current, size }),
              }
            : false
        }
        locale={{ emptyText: t('common.empty') }}
        columns={action.columns.map((field) => ({
          key: field,
          // A column of the call's own records that the entity lacks is labelled by the view.
          title: properties[field] || !schema ? fieldLabel(t, listed, field) : label(t, `views.${action.operation}.${field}`),
          render: (_: unknown, row: ListRecord) => formatValue(t, properties[field], row[field], row),
        }))}
      />
    </Modal>
  );
}
