import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/remoteSignalChange.json';
import type { RealtimeValue, TrendSeries } from '../../generated/types';
import { completeConfig } from '../../runtime/dashboard';
import { remoteSignalChange } from '../../widgets/remote-signal-change';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

const PCS1 = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.runState' };
const PCS2 = { deviceSn: 'T2-ST1-PCS2', varSn: 'T2-ST1-PCS2.runState' };
const AC = { deviceSn: 'T2-ST1-AC', varSn: 'T2-ST1-AC.runState' };
const BMS = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.alarmState' };
const SIGNALS = [
  { deviceVar: PCS1, name: '1# PCS 运行状态' },
  { deviceVar: PCS2, name: '2# PCS 运行状态' },
  { deviceVar: AC, name: '储能舱空调' },
  { deviceVar: BMS, name: '' },
];

/** Station time (Shanghai) of a step of five minutes in the 24 hours before the stories' instant, 14:30. */
const START = Date.parse('2026-11-20T14:30:00Z');
const local = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
/** RAW samples every five minutes (the demo's back-fill step), the value switching at the given times. */
function series(sn: string, name: string, first: number, switches: [string, number][]): TrendSeries {
  const datas = [];
  for (let ms = START + 5 * 60_000; ms <= START + 86_400_000; ms += 5 * 60_000) {
    const time = local(ms);
    const value = switches.filter(([at]) => at <= time).at(-1)?.[1] ?? first;
    datas.push({ time, value });
  }
  return { sn, name, unit: '', datas };
}
const HISTORY: TrendSeries[] = [
  series(PCS1.varSn, '运行状态', 1, [
    ['2026-11-21 11:40:00', 0],
    ['2026-11-21 13:05:00', 1],
  ]),
  series(PCS2.varSn, '运行状态', 1, []),
  series(AC.varSn, '开关状态', 0, [
    ['2026-11-20 16:20:00', 1],
    ['2026-11-21 07:10:00', 0],
    ['2026-11-21 12:55:00', 1],
  ]),
  series(BMS.varSn, '告警状态', 0, [
    ['2026-11-21 03:45:00', 1],
    ['2026-11-21 04:10:00', 0],
  ]),
];
const CURRENT: RealtimeValue[] = [
  { sn: PCS1.varSn, data: 1, unit: '', time: '2026-11-21 14:29:55' },
  { sn: PCS2.varSn, data: 1, unit: '', time: '2026-11-21 14:29:55' },
  { sn: AC.varSn, data: 1, unit: '', time: '2026-11-21 14:29:55' },
  { sn: BMS.varSn, data: 0, unit: '', time: '2026-11-21 14:29:55' },
];

const meta = {
  title: 'Widgets/remoteSignalChange',
  component: WidgetStory,
  args: {
    definition: remoteSignalChange,
    config: config({ signals: SIGNALS }),
    data: { current: { status: 'ready', data: CURRENT }, history: { status: 'ready', data: HISTORY } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsChanges =
  (texts: { states: string; changes: string; on: string; off: string; alarm: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const states = within(canvas.getByRole('list', { name: texts.states }));
    const pcs = within(states.getByRole('listitem', { name: '1# PCS 运行状态' }));
    await expect(pcs.getByRole('img', { name: texts.on })).toBeInTheDocument();
    // The BMS signal has no name of its own: the variable's is shown.
    await expect(states.getByRole('listitem', { name: texts.alarm })).toBeInTheDocument();
    const rows = within(canvas.getByRole('table', { name: texts.changes }))
      .getAllByRole('row')
      .slice(1);
    // Seven changes in the last 24 hours, newest first; PCS2 never changed.
    await expect(rows).toHaveLength(7);
    await expect(rows[0]).toHaveTextContent('11-21 13:05:00');
    await expect(rows[0]).toHaveTextContent('1# PCS 运行状态');
    await expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('img')
        .map((image) => image.getAttribute('aria-label')),
    ).toEqual([texts.off, texts.on]);
    await expect(rows[6]).toHaveTextContent('11-20 16:20:00');
    await expect(canvas.queryByText('2# PCS 运行状态', { selector: 'td' })).not.toBeInTheDocument();
  };
const ZH = { states: '当前状态', changes: '最近变位', on: '合闸', off: '分闸', alarm: '告警状态' };
const EN = { states: 'States now', changes: 'Latest changes', on: 'Closed (on)', off: 'Open (off)', alarm: '告警状态' };

export const ZhDefault: Story = { play: showsChanges(ZH) };
export const ZhDark: Story = { args: { theme: 'dark' }, play: showsChanges(ZH) };
export const EnDefault: Story = { args: { lng: 'en' }, play: showsChanges(EN) };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsChanges(EN) };

/** Only the most recent changes are listed. */
export const LatestTwo: Story = {
  args: { lng: 'en', config: config({ signals: SIGNALS, maxChanges: 2 }) },
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('table')).getAllByRole('row')).toHaveLength(3);
  },
};

/** A signal that did not change, and one without a value (the unknown image). */
export const NoChange: Story = {
  args: {
    lng: 'en',
    config: config({
      signals: [SIGNALS[1], { deviceVar: { deviceSn: 'T2-ST1-EMS', varSn: 'T2-ST1-EMS.runMode' }, name: 'EMS mode' }],
    }),
    data: {
      current: {
        status: 'ready',
        data: [CURRENT[1], { sn: 'T2-ST1-EMS.runMode', data: null, unit: '' }],
      },
      history: { status: 'ready', data: [HISTORY[1], { sn: 'T2-ST1-EMS.runMode', name: '运行模式', unit: '', datas: [] }] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No change in the last 24 hours')).toBeInTheDocument();
    const ems = within(canvas.getByRole('listitem', { name: 'EMS mode' }));
    await expect(ems.getByRole('img', { name: 'Unknown or invalid' })).toBeInTheDocument();
  },
};

/** 'please configure' without a signal. */
export const Empty: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    data: {
      current: { status: 'ready', data: CURRENT },
      history: { status: 'error', code: 40000, message: 'Unknown variable T2-ST1-PCS1.runState' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Unknown variable T2-ST1-PCS1.runState');
  },
};
