import { Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../generated/meta';
import { loadCharts } from '../charts/loadCharts';
import { label } from '../i18n/labels';
import { operations, type OperationId } from '../../generated/registry';
import { rowCallParts, rowParams, type ListRecord } from './ListView';
import { ChartPanel } from './PageCharts';

export interface ChartDialogProps {
  action: Extract<RowAction, { action: 'chart' }>;
  record: ListRecord;
  onClose(): void;
}

/**
 * A dialog drawing what a call answers about a row as a chart panel (an order's amounts received and
 * invoiced, as figures), titled by the chart; its call takes the row's fields in its path or query,
 * or in its body when it is a read taking one.
 */
export function ChartDialog({ action, record, onClose }: ChartDialogProps) {
  const { t } = useTranslation();
  const { chart } = action;
  // The chart code is asked for beside the call, not once its answer is there (figures need none).
  useEffect(() => {
    if (chart.type !== 'figures') void loadCharts();
  }, [chart.type]);
  // A read taking a body (a site's home figures) is sent the row's fields in it.
  const input = useMemo(
    () =>
      'body' in operations[chart.call as OperationId]
        ? { body: rowParams(action.params, record) }
        : rowCallParts(action.params, record),
    [chart.call, action.params, record],
  );
  return (
    <Modal open title={label(t, `charts.${chart.call}.title`)} footer={null} width={720} onCancel={onClose}>
      <ChartPanel chart={chart} input={input} framed={false} />
    </Modal>
  );
}
