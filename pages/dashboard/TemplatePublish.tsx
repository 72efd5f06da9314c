import { Alert, App, Button, Checkbox, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KanbanTemplatePreview } from '../../generated/types';
import { label, useRuntime } from '../../runtime';
import { widgetTitle, type DashboardDocument } from '../../runtime/dashboard';
import { unboundReason } from '../../runtime/dashboard/unbound';
import { NoteInput } from './NoteInput';

type Roll = KanbanTemplatePreview['stations'][number];

export interface TemplatePublishProps {
  templateId: number;
  /** The new version as edited, shown with one station's devices; its `version` is the template version it was made from. */
  document: DashboardDocument;
  /** The version it was edited from, as loaded: the names of the widgets the new one removes. */
  previous: DashboardDocument | null;
  onClose(): void;
  /** Published: the template's new version. */
  onPublished(version: number): void;
}

/**
 * Preview and publish of a new template version: per following station, what it would change
 * there, the station's own changes it collides with (the station's stay) and what the station
 * cannot take; the stations to roll it out to are ticked (those without a conflict at first), the
 * others stay on the version they have.
 */
export function TemplatePublish({ templateId, document, previous, onClose, onPublished }: TemplatePublishProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [preview, setPreview] = useState<KanbanTemplatePreview | 'failed' | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.call('previewKanbanTemplate', { params: { id: templateId }, body: { baseVersion: document.version, document } }).then(
      (answer) => {
        if (!current) return;
        setPreview(answer);
        setTicked(answer.stations.filter((roll) => roll.conflicts.length === 0).map((roll) => roll.stationSn));
      },
      () => current && setPreview('failed'),
    );
    return () => {
      current = false;
    };
  }, [api, templateId, document]);

  const widgetName = (id: string) => {
    const widget = [...document.widgets, ...(previous?.widgets ?? [])].find((entry) => entry.id === id);
    return widget ? widgetTitle((key) => label(t, key), widget) : id;
  };
  const names = (ids: string[]) => ids.map(widgetName).join(t('dashboard.copy.separator'));

  const publish = async () => {
    setBusy(true);
    try {
      const published = await api.call('publishKanbanTemplate', {
        params: { id: templateId },
        body: { baseVersion: document.version, document, stations: ticked, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      void message.success(t('dashboard.templates.published', { version: published.version, count: published.stations.length }));
      onPublished(published.version);
    } catch {
      // The API client has shown why (a newer version or station saved meanwhile: preview again).
    } finally {
      setBusy(false);
    }
  };

  const summary = (roll: Roll) => {
    const { added, removed, changed, placed } = roll.changes;
    const parts = [
      added.length ? t('dashboard.templates.changes.added', { widgets: names(added) }) : '',
      removed.length ? t('dashboard.templates.changes.removed', { widgets: names(removed) }) : '',
      changed.length ? t('dashboard.templates.changes.changed', { widgets: names(changed) }) : '',
      placed.length ? t('dashboard.templates.changes.placed', { widgets: names(placed) }) : '',
    ].filter(Boolean);
    return parts.length ? parts : [t('dashboard.templates.changes.none')];
  };

  return (
    <Modal
      open
      width={760}
      title={t('dashboard.templates.publishTitle', { version: document.version + 1 })}
      onCancel={onClose}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!preview || preview === 'failed'} onClick={() => void publish()}>
            {t('dashboard.templates.publish', { count: ticked.length })}
          </Button>
        </Space>
      }
    >
      {preview === null ? (
        <Spin style={{ display: 'block', margin: 32 }} />
      ) : preview === 'failed' ? (
        <Alert type="error" showIcon message={t('dashboard.templates.previewFailed')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('dashboard.templates.publishExplain')}</Typography.Paragraph>
          <section aria-label={t('dashboard.templates.rollOut')}>
            <List
              dataSource={preview.stations}
              locale={{ emptyText: t('dashboard.templates.noStations') }}
              renderItem={(roll) => (
                <List.Item key={roll.stationSn} data-station={roll.stationSn} style={{ display: 'block' }}>
                  <Space wrap style={{ marginBottom: 4 }}>
                    <Typography.Text strong>{roll.stationName}</Typography.Text>
                    {roll.conflicts.length ? (
                      <Tag color="warning">{t('dashboard.templates.conflictCount', { count: roll.conflicts.length })}</Tag>
                    ) : null}
                    {roll.unbound.length ? (
                      <Tag color="warning">{t('dashboard.templates.unboundCount', { count: roll.unbound.length })}</Tag>
                    ) : null}
                  </Space>
                  <ul style={{ margin: '0 0 4px', paddingInlineStart: 20 }}>
                    {summary(roll).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                    {roll.conflicts.map((conflict) => (
                      <li key={`conflict-${conflict.widgetId}`}>
                        {t('dashboard.templates.conflict', {
                          widget: widgetName(conflict.widgetId),
                          station: t(`dashboard.templates.did.${conflict.station}`),
                          template: t(`dashboard.templates.did.${conflict.template}`),
                        })}
                      </li>
                    ))}
                    {/* Named as the station's people read them: its own devices, the variables' names. */}
                    {roll.unbound.map((unbound, index) => (
                      <li key={`unbound-${index}`} style={{ overflowWrap: 'anywhere' }}>
                        {`${widgetName(unbound.widgetId)}: ${unboundReason(t, unbound)}`}
                      </li>
                    ))}
                    {roll.placeholders.length ? (
                      <li>{t('dashboard.templates.placeholders', { widgets: names(roll.placeholders) })}</li>
                    ) : null}
                  </ul>
                  <Checkbox
                    checked={ticked.includes(roll.stationSn)}
                    onChange={(event) =>
                      setTicked((list) =>
                        event.target.checked ? [...list, roll.stationSn] : list.filter((sn) => sn !== roll.stationSn),
                      )
                    }
                  >
                    {t('dashboard.templates.rollOutHere')}
                  </Checkbox>
                </List.Item>
              )}
            />
          </section>
          <NoteInput value={note} onChange={setNote} />
        </Space>
      )}
    </Modal>
  );
}
