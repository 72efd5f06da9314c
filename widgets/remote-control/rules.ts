import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import type { YkState } from '../../generated/types';
import type { Override, RemoteControlConfig as SchemaRemoteControlConfig } from '../../generated/widgetConfigs';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import { type DeviceVar, isDeviceVar, migrateEntries } from '../../runtime/dashboard/figures';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

export type ControlItem = SchemaRemoteControlConfig['variables'][number];

/** The schema's type with `otherStation` optional: only the server reads it, and reads it absent as false. */
export type RemoteControlConfig = Override<SchemaRemoteControlConfig, { otherStation?: boolean }>;

/** The value a command sets: 1 on, 0 off (what `ykControl` takes). */
export type CommandValue = 0 | 1;

/** The variables chosen, each once; none: every controllable variable of the station. */
export function chosenVariables(config: RemoteControlConfig): (ControlItem & { deviceVar: DeviceVar })[] {
  const seen = new Set<string>();
  return (config.variables ?? []).filter((item): item is ControlItem & { deviceVar: DeviceVar } => {
    if (!isDeviceVar(item.deviceVar) || seen.has(item.deviceVar.varSn)) return false;
    seen.add(item.deviceVar.varSn);
    return true;
  });
}

/** Every controllable variable of the station, or the state of the chosen ones only. */
function controlNeeds(config: RemoteControlConfig, context: WidgetContext): Needs {
  const chosen = chosenVariables(config);
  if (chosen.length === 0) return { variables: { operationId: 'getYkVariables', params: { stationSn: context.station.sn } } };
  return { variables: { operationId: 'getYkStatus', query: { sns: chosen.map((item) => item.deviceVar.varSn).join(',') } } };
}

/** A controllable variable as the widget lists it. */
export interface ControlRow extends YkState {
  /** The name shown: the configured one, else the device's and the variable's. */
  label: string;
}

/** The rows of the answer: in the configured order with the configured names, else as the call answers. */
export function controlRows(config: RemoteControlConfig, slot: SlotState | undefined): ControlRow[] {
  const states = slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as YkState[]) : [];
  const own = (state: YkState) => `${state.deviceName} ${state.name}`.trim();
  const chosen = chosenVariables(config);
  if (chosen.length === 0) return states.map((state) => ({ ...state, label: own(state) }));
  return chosen.flatMap((item) => {
    const state = states.find((entry) => entry.sn === item.deviceVar.varSn);
    return state ? [{ ...state, label: item.name.trim() || own(state) }] : [];
  });
}

/** Where a command stands on the server: waiting for a reading, shown by one, or refused or not shown in time. */
export type CommandStatus = 'sent' | 'done' | 'failed';

/** What this widget knows of a command it sent itself. */
export type SentCommand =
  | { phase: 'sending'; value: CommandValue }
  | { phase: 'sent'; value: CommandValue; id: number; status: CommandStatus }
  | { phase: 'failed'; value: CommandValue; message: string };

/** What the widget says of a variable's command. */
export type CommandState =
  | { status: 'none' }
  | { status: 'sending'; value: number }
  | { status: 'failed'; value: number; message: string }
  /** A command of this widget: sent, or done when a refresh shows the device applied it. */
  | { status: 'sent' | 'done'; value: number; own: true }
  /** The latest command anyone sent, as the server tells it (with why it failed, if it did). */
  | { status: CommandStatus; value: number; own: false; userName: string; time: string; reason?: string };

/**
 * The state of a variable's command: this widget's own (sending, failed, or sent until a
 * refresh shows the server marked that very command done), else the latest the server knows
 * (also when someone sent a newer command since).
 */
export function commandState(row: YkState, sent: SentCommand | undefined): CommandState {
  if (sent?.phase === 'sending') return { status: 'sending', value: sent.value };
  if (sent?.phase === 'failed') return { status: 'failed', value: sent.value, message: sent.message };
  if (sent?.phase === 'sent' && !(row.command && row.command.id > sent.id)) {
    const server = row.command?.id === sent.id ? row.command : undefined;
    if (server?.status === 'failed') return { status: 'failed', value: sent.value, message: server.reason ?? '' };
    const done = sent.status === 'done' || server?.status === 'done';
    return { status: done ? 'done' : 'sent', value: sent.value, own: true };
  }
  if (!row.command) return { status: 'none' };
  return {
    status: row.command.status,
    value: row.command.value,
    own: false,
    userName: row.command.userName,
    time: row.command.time,
    ...(row.command.reason ? { reason: row.command.reason } : {}),
  };
}

/** The label key of a command's action. */
export const actionKey = (value: number): string => (value === 1 ? 'widgets.remoteControl.on' : 'widgets.remoteControl.off');

/** Looks a label up (the `t` of i18next, or any function that does the same). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The texts of a command's confirmation: it names the action, the variable and the station. */
export function confirmationTexts(
  translate: Translate,
  value: CommandValue,
  row: ControlRow,
  stationName: string,
): { title: string; content: string; ok: string } {
  return {
    title: translate('widgets.remoteControl.confirmTitle'),
    content: translate('widgets.remoteControl.confirm', {
      action: translate(actionKey(value)),
      variable: row.label,
      station: stationName,
    }),
    ok: translate('widgets.remoteControl.send'),
  };
}

/** A time of the station as the widget shows it (`MM-DD HH:mm`). */
export const shortTime = (time: string): string => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(time) ? time.slice(5, 16) : time);

/** What the widget says of a command (nothing when the variable never had one). */
export function commandText(translate: Translate, state: CommandState): string | undefined {
  if (state.status === 'none') return undefined;
  if (state.status === 'sending') return translate('widgets.remoteControl.sending');
  const action = translate(actionKey(state.value));
  if ('message' in state) return translate('widgets.remoteControl.failed', { action, message: state.message });
  if (state.own)
    return state.status === 'done'
      ? translate('widgets.remoteControl.done', { action })
      : translate('widgets.remoteControl.sent', { action });
  const outcome =
    state.status === 'done'
      ? translate('widgets.remoteControl.latestDone')
      : state.status === 'failed'
        ? translate('widgets.remoteControl.latestFailed', { message: state.reason ?? '' })
        : translate('widgets.remoteControl.latestSent');
  return `${translate('widgets.remoteControl.latest', { action, user: state.userName, time: shortTime(state.time) })} · ${outcome}`;
}

/** How often and how many times the widget asks again while its own command waits for the device. */
export const FOLLOW_UP_MS = 3_000;
export const FOLLOW_UPS = 10;

/** Whether to ask again now: a command of this widget is sent but not yet seen done, and the follow-ups are not used up. */
export function awaitsDevice(states: CommandState[], followUps: number): boolean {
  return followUps < FOLLOW_UPS && states.some((state) => state.status === 'sent' && state.own);
}

/** A configuration of format 1, whose variables were `[deviceSn, varSn]` pairs, in format 2. */
export function migrateVariables(config: WidgetConfig, fromVersion: number): WidgetConfig {
  const variables = fromVersion >= 2 ? undefined : migrateEntries(config.variables);
  return variables ? { ...config, variables } : config;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<RemoteControlConfig>({
  type: 'remoteControl',
  needs: controlNeeds,
});
