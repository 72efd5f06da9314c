import { Alert, App, Button, Checkbox, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteKanbanCopy } from '../../generated/types';
import { ApiCallError, enumLabel, label, useRuntime } from '../../runtime';
import { widgetTitle, type DashboardDocument, type StationContext } from '../../runtime/dashboard';
import type { StationRecord } from './earlyData';
import { unboundLines } from './unbound';
import type { LazyPanelProps } from './useLazyPanel';

type Target = SiteKanbanCopy['targets'][number];

/** How the copy to one station ended: saved as a version, or refused and why. */
type Outcome = { saved: number } | { refused: string };

export interface DashboardCopyDialogProps extends LazyPanelProps {
  station: StationContext;
  /** The stations the dashboard may be copied to, those of the same kind first. */
  others: StationRecord[];
  /** The dashboard as stored now: what is copied, and the names of its widgets. */
  current: DashboardDocument;
}

/**
 * The dialog of Copy to stations (see `DashboardCopy`): the user chooses stations, sees per
 * station what could not be rebound (and is left out), and copies to those ticked.
 */
export function DashboardCopyDialog({ station, others, current, open, onClose }: DashboardCopyDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string[]>([]);
  const [plan, setPlan] = useState<Target[] | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    onClose();
    setChosen([]);
    setPlan(null);
    setOutcomes({});
  };

  const check = async () => {
    setBusy(true);
    try {
      const answer = await api.call('planSiteKanbanCopy', { params: { stationSn: station.sn }, body: { targets: chosen } });
      setPlan(answer.targets);
      setOutcomes({});
      // A station that takes everything is ticked; one that would lose something waits for the user's word.
      setTicked(answer.targets.filter((target) => target.unbound.length === 0).map((target) => target.stationSn));
    } catch {
      // The client has shown why; the choice stays as it is.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!plan) return;
    setBusy(true);
    const ended: Record<string, Outcome> = {};
    for (const target of plan.filter((entry) => ticked.includes(entry.stationSn))) {
      try {
        const stored = await api.call(
          'saveSiteKanban',
          { body: target.document, query: { note: t('dashboard.copy.note', { station: station.name }) } },
          { silent: true },
        );
        ended[target.stationSn] = { saved: stored.version };
      } catch (failure) {
        const stale = failure instanceof ApiCallError && failure.status === 409;
        ended[target.stationSn] = {
          refused: stale ? t('dashboard.copy.stale') : failure instanceof Error ? failure.message : String(failure),
        };
      }
    }
    setOutcomes(ended);
    setBusy(false);
    const saved = Object.values(ended).filter((outcome) => 'saved' in outcome).length;
    if (saved === Object.keys(ended).length) {
      void message.success(t('dashboard.copy.copied', { count: saved }));
      close();
    }
  };

  const widgetName = (id: string) => {
    const widget = current.widgets.find((entry) => entry.id === id);
    return widget ? widgetTitle((key) => label(t, key), widget) : id;
  };
  const bindings = (target: Target) => target.rebound + target.unbound.length;

  return (
    <Modal
      open={open}
      width={760}
      title={t('dashboard.copy.title', { station: station.name, version: current.version })}
      onCancel={close}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          {plan && Object.keys(outcomes).length === 0 ? (
            <Button type="primary" loading={busy} disabled={ticked.length === 0} onClick={() => void copy()}>
              {t('dashboard.copy.copy', { count: ticked.length })}
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={chosen.length === 0} onClick={() => void check()}>
              {t(plan ? 'dashboard.copy.checkAgain' : 'dashboard.copy.check')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('dashboard.copy.explain')}</Typography.Paragraph>
        <Select
          mode="multiple"
          aria-label={t('dashboard.copy.targets')}
          placeholder={t('dashboard.copy.targets')}
          style={{ width: '100%' }}
          value={chosen}
          disabled={busy}
          options={others.map((record) => ({
            value: record.sn,
            label: `${record.name} (${enumLabel(t, 'stationType', record.stationType)})`,
          }))}
          onChange={(sns: string[]) => {
            setChosen(sns);
            setPlan(null);
          }}
        />
        {plan ? (
          <section aria-label={t('dashboard.copy.planTitle')}>
            <List
              dataSource={plan}
              renderItem={(target) => {
                const outcome = outcomes[target.stationSn];
                return (
                  <List.Item key={target.stationSn} data-station={target.stationSn} style={{ display: 'block' }}>
                    <Space wrap style={{ marginBottom: 4 }}>
                      <Typography.Text strong>{target.stationName}</Typography.Text>
                      {target.unbound.length === 0 ? (
                        <Tag color="success">{t('dashboard.copy.allRebound', { count: target.rebound })}</Tag>
                      ) : (
                        <Tag color="warning">
                          {t('dashboard.copy.someUnbound', { count: target.unbound.length, total: bindings(target) })}
                        </Tag>
                      )}
                    </Space>
                    {target.unbound.length ? (
                      <ul style={{ margin: '0 0 4px', paddingInlineStart: 20, maxHeight: 200, overflowY: 'auto' }}>
                        {/* Named as the station's people read them: its own devices, the variables' names. */}
                        {unboundLines(t, widgetName, target.unbound).map((line) => (
                          <li key={line} style={{ overflowWrap: 'anywhere' }}>
                            {line}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {target.leftOut.length ? (
                      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                        {t('dashboard.copy.leftOut', {
                          widgets: target.leftOut.map(widgetName).join(t('dashboard.copy.separator')),
                        })}
                      </Typography.Paragraph>
                    ) : null}
                    {outcome ? (
                      'saved' in outcome ? (
                        <Alert type="success" showIcon message={t('dashboard.copy.saved', { version: outcome.saved })} />
                      ) : (
                        <Alert type="error" showIcon message={outcome.refused} />
                      )
                    ) : (
                      <Checkbox
                        checked={ticked.includes(target.stationSn)}
                        onChange={(event) =>
                          setTicked((list) =>
                            event.target.checked ? [...list, target.stationSn] : list.filter((sn) => sn !== target.stationSn),
                          )
                        }
                      >
                        {target.unbound.length ? t('dashboard.copy.copyWithout') : t('dashboard.copy.copyHere')}
                      </Checkbox>
                    )}
                  </List.Item>
                );
              }}
            />
          </section>
        ) : null}
      </Space>
    </Modal>
  );
}
