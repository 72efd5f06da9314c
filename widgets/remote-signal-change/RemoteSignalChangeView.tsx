import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { DataTable } from '../../runtime/table/DataTable';
import { switchStatusLabelKey, SwitchStatusImage } from '../switch-status';
import {
  configuredSignals,
  currentStates,
  latestChanges,
  shortTime,
  type RemoteSignalChangeConfig,
  type SignalChange,
} from './rules';

/** The state of each chosen signal now, and their latest changes of state, newest first. */
export function RemoteSignalChangeView({ config, data }: WidgetViewProps<RemoteSignalChangeConfig>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const signals = configuredSignals(config);
  return (
    <WidgetStatus data={data} empty={signals.length ? false : t('widgets.common.pleaseConfigure')}>
      {() => {
        const states = currentStates(signals, data.current, data.history, data.names);
        const changes = latestChanges(signals, data.history, config.maxChanges, data.names);
        return (
          // The widget's frame scrolls what does not fit, and then takes keyboard focus under the
          // widget's title: a scroll of the widget's own would be one a keyboard cannot reach.
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <ul
              aria-label={t('widgets.remoteSignalChange.states')}
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
            >
              {states.map((state) => (
                <li
                  key={state.sn}
                  aria-label={state.name}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 8,
                    padding: '4px 12px 4px 4px',
                    borderRadius: token.borderRadius,
                    background: token.colorFillQuaternary,
                  }}
                >
                  <SwitchStatusImage code={state.value} size={36} />
                  <span style={{ display: 'flex', flexDirection: 'column' }}>
                    <Typography.Text>{state.name}</Typography.Text>
                    <Typography.Text type="secondary">{t(switchStatusLabelKey(state.value))}</Typography.Text>
                  </span>
                </li>
              ))}
            </ul>
            {changes.length ? (
              <DataTable<SignalChange>
                label={t('widgets.remoteSignalChange.changes')}
                rowKey={(change) => `${change.sn}@${change.time}`}
                rows={changes}
                columns={[
                  { key: 'time', title: t('widgets.remoteSignalChange.time'), render: (change) => shortTime(change.time) },
                  { key: 'signal', title: t('widgets.remoteSignalChange.signal'), render: (change) => change.name },
                  {
                    key: 'change',
                    title: t('widgets.remoteSignalChange.change'),
                    render: (change) => (
                      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }}>
                        <SwitchStatusImage code={change.from} size={20} />
                        {t(switchStatusLabelKey(change.from))}
                        <span aria-hidden> → </span>
                        <SwitchStatusImage code={change.to} size={20} />
                        {t(switchStatusLabelKey(change.to))}
                      </span>
                    ),
                  },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">
                {t('widgets.remoteSignalChange.noChanges', { hours: config.days * 24 })}
              </Typography.Text>
            )}
          </div>
        );
      }}
    </WidgetStatus>
  );
}
