import { Alert, Flex, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { routes } from '../../generated/registry';
import type { ReportRun } from '../../generated/types';
import { enumLabel, label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';
import type { SiteScreenProps } from '../site/views';
import { ReportRunsTable, RUN_FILES, type RunFileKind } from './ReportRunsTable';
import { saveFile } from '../../runtime/api/saveFile';

const STATUSES: ReportRun['status'][] = ['queued', 'sent', 'retrying', 'failed', 'kept'];
const PAGE_SIZES = [10, 20, 50];
/** Runs being made or waiting for a delivery change by themselves: the inbox asks again this often. */
const REFRESH_MS = 30_000;
const DEFINITIONS_PATH = routes.find((route) => route.name === 'EmsReportDefinitions')?.path ?? '';

/**
 * The report inbox: every run of the tenant's reports, newest first, or those of one report
 * (`definitionId` in the address, from a definition's row), filtered by status, with the files
 * each made to download.
 */
export function ReportInboxScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const [search] = useScreenSearch();
  const definitionId = Number(search.get('definitionId')) || undefined;
  const [status, setStatus] = useState<ReportRun['status']>();
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] ?? 10 });
  const [downloading, setDownloading] = useState<string>();
  const query = {
    current: page.current,
    size: page.size,
    ...(definitionId ? { definitionId } : {}),
    ...(status ? { status } : {}),
  };
  const answer = useAnswer(() => api.call('getReportRunPage', { query }, { silent: true }), JSON.stringify(query), {
    refreshMs: REFRESH_MS,
    keep: true,
  });
  const runs = answer.data?.records ?? [];
  const title = label(t, `routes.${route}.title`);
  const definitionName = definitionId ? runs[0]?.definitionName : undefined;

  const download = async (run: ReportRun, kind: RunFileKind) => {
    const file = RUN_FILES.find((candidate) => candidate.kind === kind);
    if (!file) return;
    setDownloading(`${run.id}:${kind}`);
    try {
      saveFile(await api.download(file.operation, { params: { id: run.id } }));
    } catch {
      // The API client has shown the failure.
    } finally {
      setDownloading(undefined);
    }
  };

  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <ScreenHeader
        title={definitionName ? t('common.scopedTitle', { title, name: definitionName }) : title}
        {...(definitionId ? { onClose: () => void navigate(-1) } : {})}
      />
      <Space wrap size="middle">
        <Select<ReportRun['status']>
          allowClear
          aria-label={t('reports.inbox.status')}
          placeholder={t('reports.inbox.anyStatus')}
          style={{ minWidth: 200 }}
          value={status}
          options={STATUSES.map((value) => ({ value, label: enumLabel(t, 'reportRunStatus', value) }))}
          onChange={(value) => {
            setStatus(value);
            setPage((before) => ({ ...before, current: 1 }));
          }}
        />
        {definitionId ? (
          <Link to={routes.find((entry) => entry.name === route)?.path ?? ''}>{t('reports.inbox.all')}</Link>
        ) : null}
        <Link to={DEFINITIONS_PATH}>{label(t, 'routes.EmsReportDefinitions.title')}</Link>
      </Space>
      {answer.error ? <Alert type="error" showIcon message={answer.error} /> : null}
      <ReportRunsTable
        runs={runs}
        loading={answer.loading && !answer.data}
        {...(downloading ? { downloading } : {})}
        onDownload={(run, kind) => void download(run, kind)}
        paging={{
          current: page.current,
          size: page.size,
          total: answer.data?.total ?? 0,
          sizes: PAGE_SIZES,
          showTotal: (count) => t('common.total', { count }),
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </Flex>
  );
}
