import { App, Button, Checkbox, Drawer, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KanbanTemplate, KanbanTemplateStation } from '../../generated/types';
import { enumLabel, useRuntime } from '../../runtime';
import { widgetTitle, type StationContext, type WidgetInstance } from '../../runtime/dashboard';
import type { StationRecord } from './earlyData';
import type { LazyPanelProps } from './useLazyPanel';

/** The template a station follows, as `getSiteKanbanTemplate` answers it. */
type Following = {
  templateId: number;
  name: string;
  templateVersion: number;
  currentVersion: number;
  overrides: number;
  detached: boolean;
} | null;

const STATE_COLORS: Record<KanbanTemplateStation['state'], string> = {
  follows: 'success',
  overrides: 'processing',
  conflicts: 'warning',
  detached: 'default',
};

export interface TemplateDrawerProps extends LazyPanelProps {
  station: StationContext;
  stations: StationRecord[];
  /** The station's dashboard changed (it was attached to a template): load it again. */
  onChanged(): Promise<void>;
  /** Opens the template for editing, shown with this station's devices. */
  onEdit(templateId: number): void;
}

/**
 * The drawer of the Template control (see `TemplateControl`): which template the station follows
 * (its version, the current one, its overrides), to edit that template, detach from it or follow
 * one; to make a template of this dashboard; and, for the template in view, its stations with how
 * each stands (follows, overrides, conflicts, detached), and stations of the kind to attach.
 */
export function TemplateDrawer({ station, stations, onChanged, onEdit, open, onClose }: TemplateDrawerProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message, modal } = App.useApp();
  const [following, setFollowing] = useState<Following | undefined>(undefined);
  const [templates, setTemplates] = useState<KanbanTemplate[]>([]);
  // The template whose stations are listed: the one followed, else the one chosen or just made.
  const [shown, setShown] = useState<number | undefined>(undefined);
  const [members, setMembers] = useState<KanbanTemplateStation[]>([]);
  // What the template in view holds: its widgets, and the variables, energy labels and cameras a station must have.
  const [content, setContent] = useState<KanbanTemplate['content']>();
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [toAttach, setToAttach] = useState<string[]>([]);
  // The template just made of this dashboard, which this station is offered to follow.
  const [made, setMade] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const kind = stations.find((record) => record.sn === station.sn)?.stationType;
  const kindName = enumLabel(t, 'stationType', kind);
  const ofKind = templates.filter((template) => template.stationType === kind);

  const load = useCallback(async () => {
    const [state, list] = await Promise.all([
      api.call('getSiteKanbanTemplate', { params: { stationSn: station.sn } }),
      api.call('listKanbanTemplates', {}),
    ]);
    setFollowing(state.following as Following);
    setTemplates(list);
    // The template the user chose stays shown after a change; at first, the one the station follows.
    setShown((current) => current ?? state.following?.templateId);
  }, [api, station.sn]);
  // Another station shows the template it follows first.
  useEffect(() => setShown(undefined), [station.sn]);
  useEffect(() => {
    if (open) load().catch(() => undefined);
  }, [open, load]);
  const loadMembers = useCallback(async () => {
    if (shown === undefined) {
      setMembers([]);
      setContent(undefined);
      return;
    }
    const [stationsOf, template] = await Promise.all([
      api.call('listKanbanTemplateStations', { params: { id: shown } }),
      api.call('getKanbanTemplate', { params: { id: shown } }),
    ]);
    setMembers(stationsOf);
    setContent(template.content);
  }, [api, shown]);
  useEffect(() => {
    if (open) loadMembers().catch(() => undefined);
  }, [open, loadMembers]);

  /** Runs a change, then reads everything shown again; the client has shown any refusal. */
  const act = async (change: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await change();
      await Promise.all([load(), loadMembers()]);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    act(async () => {
      const made = await api.call('createKanbanTemplate', {
        body: { name: name.trim(), stationSn: station.sn, isDefault },
      });
      void message.success(t('dashboard.templates.created', { name: made.name }));
      setName('');
      setShown(made.id);
      setMade(made.id);
    });

  const attach = (sns: string[]) =>
    act(async () => {
      if (shown === undefined) return;
      const entries = await Promise.all(
        sns.map(async (stationSn) => ({
          stationSn,
          version: (await api.call('getSiteKanban', { params: { stationSn } })).version,
        })),
      );
      await api.call('attachKanbanTemplate', { params: { id: shown }, body: { stations: entries } });
      void message.success(t('dashboard.templates.attached', { count: sns.length }));
      setToAttach([]);
      if (sns.includes(station.sn)) await onChanged();
    });

  /** The shown template becomes the default of its kind (no other template of the kind stays one), or stops being it. */
  const setDefault = (template: KanbanTemplate) =>
    act(async () => {
      const changed = await api.call('setKanbanTemplateDefault', {
        params: { id: template.id },
        body: { isDefault: !template.isDefault },
      });
      void message.success(
        t(changed.isDefault ? 'dashboard.templates.madeDefault' : 'dashboard.templates.noLongerDefault', { name: changed.name }),
      );
    });

  const detach = () =>
    modal.confirm({
      title: t('dashboard.templates.detachTitle'),
      content: t('dashboard.templates.detachContent'),
      okText: t('dashboard.templates.detach'),
      cancelText: t('common.cancel'),
      onOk: () => act(() => api.call('detachSiteKanbanTemplate', { params: { stationSn: station.sn } })),
    });

  const memberSns = new Set(members.filter((member) => member.state !== 'detached').map((member) => member.stationSn));
  const attachable = stations.filter((record) => record.stationType === kind && !memberSns.has(record.sn));
  const shownTemplate = templates.find((template) => template.id === shown);

  return (
    <Drawer open={open} title={t('dashboard.templates.title')} size="min(520px, 100vw)" onClose={onClose}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <section aria-label={t('dashboard.templates.thisStation')}>
          <Typography.Title level={5}>{t('dashboard.templates.thisStation')}</Typography.Title>
          {following === undefined ? null : following === null ? (
            <Space direction="vertical">
              <Typography.Text>{t('dashboard.templates.followsNone')}</Typography.Text>
              {made !== undefined && shown === made ? (
                <Button type="primary" loading={busy} onClick={() => void attach([station.sn])}>
                  {t('dashboard.templates.followMade')}
                </Button>
              ) : null}
            </Space>
          ) : following.detached ? (
            <Space direction="vertical">
              <Typography.Text>{t('dashboard.templates.detachedFrom', { name: following.name })}</Typography.Text>
              <Button loading={busy} onClick={() => void attach([station.sn])}>
                {t('dashboard.templates.followAgain')}
              </Button>
            </Space>
          ) : (
            <Space direction="vertical">
              <Typography.Text>
                {t('dashboard.templates.follows', {
                  name: following.name,
                  version: following.templateVersion,
                  current: following.currentVersion,
                  overrides: following.overrides,
                })}
              </Typography.Text>
              <Space wrap>
                <Button type="primary" onClick={() => onEdit(following.templateId)}>
                  {t('dashboard.templates.edit')}
                </Button>
                <Button loading={busy} onClick={detach}>
                  {t('dashboard.templates.detach')}
                </Button>
              </Space>
            </Space>
          )}
        </section>

        <section aria-label={t('dashboard.templates.make')}>
          <Typography.Title level={5}>{t('dashboard.templates.make')}</Typography.Title>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input
              aria-label={t('dashboard.templates.name')}
              placeholder={t('dashboard.templates.name')}
              maxLength={50}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)}>
              {t('dashboard.templates.makeDefault', { kind: kindName })}
            </Checkbox>
            <Button loading={busy} disabled={!name.trim()} onClick={() => void create()}>
              {t('dashboard.templates.create')}
            </Button>
          </Space>
        </section>

        <section aria-label={t('dashboard.templates.stations')}>
          <Typography.Title level={5}>{t('dashboard.templates.stations')}</Typography.Title>
          <Select
            aria-label={t('dashboard.templates.template')}
            placeholder={t('dashboard.templates.template')}
            style={{ width: '100%', marginBottom: 8 }}
            value={shown}
            options={ofKind.map((template) => ({
              value: template.id,
              label: t('dashboard.templates.templateOption', { name: template.name, version: template.version }),
            }))}
            onChange={(id: number) => setShown(id)}
          />
          {shownTemplate ? (
            <>
              <Space wrap style={{ marginBottom: 8 }}>
                {shownTemplate.isDefault ? (
                  <Tag color="blue">{t('dashboard.templates.isDefault', { kind: kindName })}</Tag>
                ) : null}
                <Button loading={busy} onClick={() => void setDefault(shownTemplate)}>
                  {shownTemplate.isDefault
                    ? t('dashboard.templates.unsetDefault')
                    : t('dashboard.templates.setDefault', { kind: kindName })}
                </Button>
              </Space>
              {content ? <TemplateContent content={content} /> : null}
              <List
                size="small"
                dataSource={members}
                locale={{ emptyText: t('dashboard.templates.noStations') }}
                renderItem={(member) => (
                  <List.Item key={member.stationSn} data-station={member.stationSn}>
                    <Space wrap>
                      <Typography.Text>{member.stationName}</Typography.Text>
                      <Tag color={STATE_COLORS[member.state]}>
                        {t(`dashboard.templates.states.${member.state}`, {
                          overrides: member.overrides,
                          conflicts: member.conflicts,
                        })}
                      </Tag>
                      <Typography.Text type="secondary">
                        {t('dashboard.templates.onVersion', { version: member.templateVersion })}
                      </Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
              <Space wrap style={{ marginTop: 8, width: '100%' }}>
                <Select
                  mode="multiple"
                  aria-label={t('dashboard.templates.toAttach')}
                  placeholder={t('dashboard.templates.toAttach')}
                  style={{ minWidth: 260 }}
                  value={toAttach}
                  options={attachable.map((record) => ({ value: record.sn, label: record.name }))}
                  onChange={(sns: string[]) => setToAttach(sns)}
                />
                <Button loading={busy} disabled={toAttach.length === 0} onClick={() => void attach(toAttach)}>
                  {t('dashboard.templates.attach')}
                </Button>
              </Space>
            </>
          ) : null}
        </section>
      </Space>
    </Drawer>
  );
}

/**
 * What a template holds (`getKanbanTemplate`): its widgets by title, and what a station needs to
 * follow it, by the names the template's station gave them: the variables of its roles, its energy
 * labels and its cameras.
 */
function TemplateContent({ content }: { content: NonNullable<KanbanTemplate['content']> }) {
  const { t } = useTranslation();
  const needs = [
    ['variables', Object.values(content.roles.variables)],
    ['labels', content.roles.labels],
    ['cameras', content.roles.cameras],
  ] as const;
  return (
    <section aria-label={t('dashboard.templates.holds')} style={{ marginBottom: 8 }}>
      <Typography.Text strong>{t('dashboard.templates.holdsWidgets', { count: content.widgets.length })}</Typography.Text>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {(content.widgets as unknown as WidgetInstance[])
          .map((widget) => widgetTitle(t, widget))
          .join(t('dashboard.copy.separator'))}
      </Typography.Paragraph>
      {needs.map(([kind, names]) =>
        names.length ? (
          <Typography.Paragraph key={kind} type="secondary" style={{ marginBottom: 4 }}>
            {t(`dashboard.templates.needs.${kind}`, { names: names.join(t('dashboard.copy.separator')) })}
          </Typography.Paragraph>
        ) : null,
      )}
    </section>
  );
}
