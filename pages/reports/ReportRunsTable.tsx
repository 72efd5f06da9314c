import { Button, Card, Descriptions, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportRun } from '../../generated/types';
import { enumLabel } from '../../runtime/i18n/labels';
import { useNarrowScreen } from '../../runtime/list/useNarrowScreen';
import { DataTable, type TableColumn, type TablePaging } from '../../runtime/table/DataTable';
import { Pager } from '../../runtime/table/Pager';

/** The files a run may have made, each with the call that downloads it. */
export const RUN_FILES = [
  { kind: 'pdf', mime: 'application/pdf', operation: 'downloadReportPdf' },
  {
    kind: 'workbook',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    operation: 'downloadReportWorkbook',
  },
] as const;

export type RunFileKind = (typeof RUN_FILES)[number]['kind'];

const STATUS_COLOURS: Record<ReportRun['status'], string> = {
  queued: 'processing',
  sent: 'success',
  retrying: 'warning',
  failed: 'error',
  kept: 'default',
};

export interface ReportRunsTableProps {
  runs: ReportRun[];
  paging: TablePaging;
  /** The runs are being read: the list says nothing yet rather than that it is empty. */
  loading: boolean;
  /** The download of a file under way (`<run id>:<kind>`): its button shows it. */
  downloading?: string;
  onDownload(run: ReportRun, kind: RunFileKind): void;
}

/**
 * The runs of reports, newest first: the report, the period it covers (in its zone), when it was
 * made and how, what became of it (why it was not mailed, why a delivery failed, when it is tried
 * again), whom it went to, and a download button per file it made.
 */
export function ReportRunsTable({ runs, paging, loading, downloading, onDownload }: ReportRunsTableProps) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const words = (key: string, params: Record<string, unknown> = {}) => t(`reports.inbox.${key}`, params);
  const columns: TableColumn<ReportRun>[] = [
    { key: 'definition', title: words('definition'), width: 160, render: (run) => run.definitionName },
    {
      key: 'period',
      title: words('period'),
      width: 190,
      render: (run) => (
        <Flex vertical>
          <span>{run.firstDay === run.lastDay ? run.firstDay : `${run.firstDay} – ${run.lastDay}`}</span>
          <Typography.Text type="secondary">{run.zone}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'made',
      title: words('made'),
      width: 170,
      render: (run) => (
        <Flex vertical>
          <span>{run.scheduledFor}</span>
          <Typography.Text type="secondary">{enumLabel(t, 'reportTrigger', run.trigger)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: words('status'),
      width: 220,
      render: (run) => (
        <Flex vertical gap={4} align="start">
          <Tag color={STATUS_COLOURS[run.status]}>{enumLabel(t, 'reportRunStatus', run.status)}</Tag>
          {run.lastError ? <Typography.Text>{run.lastError}</Typography.Text> : null}
          {run.status === 'retrying' && run.nextAttempt ? (
            <Typography.Text type="secondary">
              {words('nextAttempt', { time: run.nextAttempt, count: run.attempts })}
            </Typography.Text>
          ) : null}
          {run.sentAt ? <Typography.Text type="secondary">{words('sentAt', { time: run.sentAt })}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'recipients',
      title: words('recipients'),
      width: 200,
      render: (run) => (run.recipients.length ? run.recipients.join(', ') : words('noRecipients')),
    },
    {
      key: 'files',
      title: words('files'),
      width: 170,
      render: (run) => (
        <Space size={4} wrap>
          {RUN_FILES.filter(({ mime }) => run.files.some((file) => file.mime === mime)).map(({ kind }) => (
            <Button
              key={kind}
              size="small"
              loading={downloading === `${run.id}:${kind}`}
              aria-label={words(`download.${kind}`, { name: run.definitionName, period: `${run.firstDay} – ${run.lastDay}` })}
              onClick={() => onDownload(run, kind)}
            >
              {words(`file.${kind}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];
  const title = t('routes.EmsReportInbox.title');
  const empty = loading ? false : words('empty');
  if (narrow) {
    // On a phone, a card per run, named by its report, its other columns listed under their headers.
    const [, ...others] = columns;
    return (
      <Flex vertical gap="small">
        {runs.length === 0 ? (
          empty === false ? null : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
          )
        ) : (
          <Flex vertical gap="small" role="list" aria-label={title}>
            {runs.map((run) => (
              <Card key={run.id} role="listitem" size="small" title={run.definitionName}>
                <Descriptions
                  size="small"
                  column={1}
                  items={others.map((column) => ({ key: column.key, label: column.title, children: column.render(run) }))}
                />
              </Card>
            ))}
          </Flex>
        )}
        {paging.total > 0 ? <Pager paging={paging} /> : null}
      </Flex>
    );
  }
  return (
    <DataTable
      label={title}
      columns={columns}
      rows={runs}
      rowKey={(run) => String(run.id)}
      paging={paging}
      density="middle"
      empty={empty}
    />
  );
}
