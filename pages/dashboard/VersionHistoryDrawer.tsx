import { App, Button, Drawer, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteKanbanVersion } from '../../generated/types';
import { useRuntime } from '../../runtime';
import type { DashboardDocument, DataScheduler, StationContext } from '../../runtime/dashboard';
import { DATE_TIME_FORMAT } from '../../runtime/schema/properties';
import { widgetRegistry } from '../../widgets';
import { migrated } from './useDashboardDocument';
import type { LazyPanelProps } from './useLazyPanel';
import { VersionCompare } from './VersionCompare';
import { VersionPreview } from './VersionPreview';

/** Versions asked for at a time. */
const PAGE_SIZE = 20;

export interface VersionHistoryDrawerProps extends LazyPanelProps {
  station: StationContext;
  /** The dashboard as stored now. */
  current: DashboardDocument;
  /** The page's scheduler: previews fetch with the dashboard's widgets. */
  scheduler: DataScheduler;
  /** A version was restored, or another save came first: the dashboard is to be loaded again. */
  onRestored(): Promise<void>;
}

/** A version opened from the list: previewed, or compared with the current dashboard. */
interface Opened {
  kind: 'preview' | 'compare';
  entry: SiteKanbanVersion;
  document: DashboardDocument;
}

/**
 * The drawer of the History control (see `VersionHistory`): the saved versions of the station's
 * dashboard, newest first (who saved each, when in the reader's zone, their note), each of which
 * can be previewed, compared with the current dashboard and restored as a new version.
 */
export function VersionHistoryDrawer({ station, current, scheduler, onRestored, open, onClose }: VersionHistoryDrawerProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { modal, message } = App.useApp();
  // Null while the first page loads; `failed` when it could not (the client has shown why).
  const [versions, setVersions] = useState<{ records: SiteKanbanVersion[]; total: number; failed?: boolean } | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);

  const stationSn = station.sn;
  const load = useCallback(
    async (page: number) => {
      const answer = await api.call('listSiteKanbanVersions', {
        params: { stationSn },
        query: { current: page, size: PAGE_SIZE },
      });
      setVersions((shown) => ({
        records: page === 1 ? answer.records : [...(shown?.records ?? []), ...answer.records],
        total: answer.total,
      }));
    },
    [api, stationSn],
  );
  // The first page, again whenever the dashboard's version changes while the drawer is open.
  useEffect(() => {
    if (!open) return;
    setVersions(null);
    load(1).catch(() => setVersions({ records: [], total: 0, failed: true }));
  }, [open, load, current.version]);

  const openVersion = (kind: Opened['kind'], entry: SiteKanbanVersion) =>
    api.call('getSiteKanbanVersion', { params: { stationSn, number: entry.version } }).then(
      async (stored) => setOpened({ kind, entry, document: await migrated(stored, widgetRegistry) }),
      // The client has shown why; the list stays as it is.
      () => undefined,
    );

  const restore = (entry: SiteKanbanVersion) =>
    modal.confirm({
      title: t('dashboard.history.restoreTitle', { version: entry.version }),
      content: t('dashboard.history.restoreContent', { version: entry.version, next: current.version + 1 }),
      okText: t('dashboard.history.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const stored = await api.call('restoreSiteKanbanVersion', {
            params: { stationSn, number: entry.version },
            body: { version: current.version },
          });
          void message.success(t('dashboard.history.restored', { version: entry.version, next: stored.version }));
          setOpened(null);
        } catch {
          // Refused (the server's message is shown): another save came first, and loading the dashboard shows it.
        }
        await onRestored();
      },
    });

  const savedBy = (entry: SiteKanbanVersion) =>
    t('dashboard.history.savedBy', { who: entry.updatedBy, when: dayjs(entry.updateTime).format(DATE_TIME_FORMAT) });
  const name = (entry: SiteKanbanVersion) => t('dashboard.history.version', { version: entry.version });
  return (
    <>
      <Drawer open={open} title={t('dashboard.history.title')} size="min(480px, 100vw)" onClose={onClose}>
        {!versions ? (
          <Spin style={{ display: 'block', margin: 32 }} />
        ) : versions.records.length === 0 ? (
          <Empty description={t(versions.failed ? 'common.loadFailed' : 'dashboard.history.none')} />
        ) : (
          <List
            dataSource={versions.records}
            rowKey="version"
            renderItem={(entry) => {
              const isCurrent = entry.version === current.version;
              return (
                <List.Item>
                  <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                    <Space wrap size={8}>
                      <Typography.Text strong>{name(entry)}</Typography.Text>
                      {isCurrent ? <Tag color="blue">{t('dashboard.history.current')}</Tag> : null}
                    </Space>
                    <Typography.Text type="secondary">{savedBy(entry)}</Typography.Text>
                    {entry.restoredFrom !== null ? (
                      <Typography.Text>{t('dashboard.history.restoredFrom', { version: entry.restoredFrom })}</Typography.Text>
                    ) : null}
                    {entry.note ? <Typography.Paragraph style={{ margin: 0 }}>{entry.note}</Typography.Paragraph> : null}
                    <Space wrap size={8}>
                      <Button
                        size="small"
                        aria-label={t('dashboard.history.previewOf', { version: entry.version })}
                        onClick={() => void openVersion('preview', entry)}
                      >
                        {t('dashboard.history.preview')}
                      </Button>
                      <Button
                        size="small"
                        disabled={isCurrent}
                        aria-label={t('dashboard.history.compareOf', { version: entry.version })}
                        onClick={() => void openVersion('compare', entry)}
                      >
                        {t('dashboard.history.compare')}
                      </Button>
                      <Button
                        size="small"
                        disabled={isCurrent}
                        aria-label={t('dashboard.history.restoreOf', { version: entry.version })}
                        onClick={() => restore(entry)}
                      >
                        {t('dashboard.history.restore')}
                      </Button>
                    </Space>
                  </Space>
                </List.Item>
              );
            }}
            loadMore={
              versions.records.length < versions.total ? (
                <Button
                  block
                  onClick={() => void load(Math.floor(versions.records.length / PAGE_SIZE) + 1).catch(() => undefined)}
                >
                  {t('dashboard.history.more')}
                </Button>
              ) : null
            }
          />
        )}
      </Drawer>
      {opened?.kind === 'preview' ? (
        <VersionPreview
          title={name(opened.entry)}
          saved={savedBy(opened.entry)}
          document={opened.document}
          station={station}
          scheduler={scheduler}
          onClose={() => setOpened(null)}
          footer={
            <Space wrap>
              <Button onClick={() => setOpened(null)}>{t('common.close')}</Button>
              {opened.entry.version === current.version ? null : (
                <Button type="primary" onClick={() => restore(opened.entry)}>
                  {t('dashboard.history.restoreOf', { version: opened.entry.version })}
                </Button>
              )}
            </Space>
          }
        />
      ) : null}
      {opened?.kind === 'compare' ? (
        <VersionCompare version={opened.document} current={current} onClose={() => setOpened(null)} />
      ) : null}
    </>
  );
}
