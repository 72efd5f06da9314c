import { App, Button, theme, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label, useRuntime } from '../../runtime';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { switchStatusLabelKey, SwitchStatusImage } from '../switch-status';
import {
  awaitsDevice,
  commandState,
  commandText,
  confirmationTexts,
  controlRows,
  FOLLOW_UP_MS,
  type CommandValue,
  type ControlRow,
  type RemoteControlConfig,
  type SentCommand,
  type Translate,
} from './rules';

/**
 * The controllable variables with their state and on/off buttons. A command is confirmed first
 * (naming the action, the variable and the station), then sent; its result shows under the
 * variable, and the widget asks again every few seconds until the device has applied it.
 */
export function RemoteControlView({ config, data, context, editing, actions }: WidgetViewProps<RemoteControlConfig>) {
  const { t } = useTranslation();
  const translate: Translate = useCallback((key, params) => label(t, key, params), [t]);
  const { api } = useRuntime();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const [sent, setSent] = useState<Record<string, SentCommand>>({});
  const [followUps, setFollowUps] = useState(0);

  const refresh = useRef(actions.refresh);
  useEffect(() => {
    refresh.current = actions.refresh;
  });

  const rows = controlRows(config, data.variables);
  const states = rows.map((row) => commandState(row, sent[row.sn]));
  const waiting = awaitsDevice(states, followUps);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setFollowUps((count) => count + 1);
      refresh.current();
    }, FOLLOW_UP_MS);
    return () => clearTimeout(timer);
  }, [waiting, followUps]);

  const command = (row: ControlRow, value: CommandValue) => {
    const texts = confirmationTexts(translate, value, row, context.station.name);
    const mark = (state: SentCommand) => setSent((current) => ({ ...current, [row.sn]: state }));
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      cancelText: t('common.cancel'),
      onOk: async () => {
        mark({ phase: 'sending', value });
        try {
          const answer = await api.call('ykControl', { body: { sn: row.sn, value } }, { silent: true });
          mark({ phase: 'sent', value, id: answer.id, status: answer.status });
          setFollowUps(0);
          refresh.current();
        } catch (error) {
          mark({
            phase: 'failed',
            value,
            message: error instanceof Error && error.message ? error.message : t('widgets.common.failed'),
          });
        }
      },
    });
  };

  const empty = data.variables?.status === 'ready' && rows.length === 0;
  return (
    <WidgetStatus data={data} empty={empty ? t('widgets.remoteControl.noVariables') : false}>
      {() => (
        // The widget's frame scrolls a list that does not fit, and then takes keyboard focus under
        // the widget's title.
        <ul
          aria-label={t('widgets.remoteControl.list')}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
        >
          {rows.map((row, index) => {
            const state = states[index] ?? { status: 'none' };
            const text = commandText(translate, state);
            const busy = state.status === 'sending';
            return (
              <li
                key={row.sn}
                aria-label={row.label}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 12,
                  padding: 8,
                  borderRadius: token.borderRadius,
                  background: token.colorFillQuaternary,
                }}
              >
                <SwitchStatusImage code={row.value} size={36} />
                <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
                  {/* One line cut by the browser: Ant Design's measured ellipsis costs each refresh a layout. */}
                  <Typography.Text
                    strong
                    title={row.label}
                    style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    {row.label}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t(switchStatusLabelKey(row.value))}</Typography.Text>
                  {text ? (
                    <Typography.Text
                      role={state.status === 'failed' ? 'alert' : 'status'}
                      type={state.status === 'failed' ? 'danger' : state.status === 'done' ? 'success' : 'secondary'}
                      style={{ fontSize: 12 }}
                    >
                      {text}
                    </Typography.Text>
                  ) : null}
                </div>
                <div style={{ display: 'flex', gap: 8, flex: 'none' }}>
                  <Button
                    size="small"
                    type="primary"
                    disabled={editing || busy}
                    aria-label={t('widgets.remoteControl.switchOn', { variable: row.label })}
                    onClick={() => command(row, 1)}
                  >
                    {t('widgets.remoteControl.on')}
                  </Button>
                  <Button
                    size="small"
                    disabled={editing || busy}
                    aria-label={t('widgets.remoteControl.switchOff', { variable: row.label })}
                    onClick={() => command(row, 0)}
                  >
                    {t('widgets.remoteControl.off')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetStatus>
  );
}
