import { BellOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routes } from '../../generated/registry';
import type { CallResult } from '../api/client';
import { useRefreshTick } from '../api/useRefreshTick';
import { session } from '../auth/session';
import { useRuntime } from '../RuntimeContext';
import { useAccess } from './AccessContext';

type TaskCount = CallResult<'getNoticeTaskCount'>;

/** The counts the panel lists, each leading to the screen of what it counts. */
const ENTRIES: { field: keyof TaskCount; route: string }[] = [
  { field: 'unreadNotices', route: 'Messages' },
  { field: 'unhandledNotices', route: 'Messages' },
  { field: 'worksheetsToDo', route: 'EmsMaintenanceWorksheet' },
  { field: 'worksheetsInProgress', route: 'EmsMaintenanceWorksheet' },
  { field: 'inspectionsPending', route: 'EmsPatrolDuty' },
];

/** How often the unread count is asked again while one screen stays open. */
const UNREAD_REFRESH_MS = 60_000;

/**
 * The header's bell: the signed-in user's unread notices as its count, asked again on each screen
 * opened and each minute; opened, a panel of what waits for the user (notices to read and to
 * handle, worksheets, inspections), each leading to its screen, asked for as it opens. Shown to
 * users who may open the messages screen; the panel lists the counts of the screens they may open.
 * It reads through the API client itself, as the shell's menu does: the shell, which every first
 * visit loads, leaves the query library to the screens.
 */
export function TaskBell() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { allowed } = useAccess();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = session.user();
  const shown = user !== undefined && allowed.has('Messages');
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState<number>();
  const [counts, setCounts] = useState<TaskCount | 'failed'>();
  const tick = useRefreshTick(UNREAD_REFRESH_MS);
  const userId = user?.userId;
  const tenantId = user?.tenantId;

  // The unread count, on each screen opened and each minute; a failure leaves the last count.
  useEffect(() => {
    if (!shown || userId === undefined || tenantId === undefined) return;
    let current = true;
    api
      .call('getUnreadNoticeCount', { query: { userId, tenantId } }, { silent: true })
      .then((count) => current && setUnread(count))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, shown, userId, tenantId, pathname, tick]);

  // The panel's counts, each time it opens.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setCounts(undefined);
    api
      .call('getNoticeTaskCount', {}, { silent: true })
      .then((answer) => current && setCounts(answer))
      .catch(() => current && setCounts('failed'));
    return () => {
      current = false;
    };
  }, [api, open]);

  if (!shown) return null;
  const title = t('common.tasks.title');
  const count = unread ?? 0;
  let panel;
  if (counts === 'failed') panel = <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text>;
  else if (!counts) panel = <Spin size="small" />;
  else
    panel = (
      <Space orientation="vertical" size={0} style={{ minWidth: 240 }}>
        {ENTRIES.filter((entry) => allowed.has(entry.route)).map(({ field, route }) => (
          <Button
            key={field}
            type="text"
            block
            style={{ display: 'flex', justifyContent: 'space-between', gap: 24 }}
            onClick={() => {
              setOpen(false);
              void navigate(routes.find((candidate) => candidate.name === route)?.path ?? '/');
            }}
          >
            <span>{t(`common.tasks.${field}`)}</span>
            <Typography.Text strong>{counts[field]}</Typography.Text>
          </Button>
        ))}
      </Space>
    );
  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={panel} open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={count > 0 ? `${title}, ${t('common.tasks.unread', { count })}` : title}
        title={title}
        aria-expanded={open}
      >
        {count > 0 ? count : null}
      </Button>
    </Popover>
  );
}
