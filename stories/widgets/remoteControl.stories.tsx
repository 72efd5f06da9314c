import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/remoteControl.json';
import type { YkState } from '../../generated/types';
import { completeConfig } from '../../runtime/dashboard';
import { remoteControl } from '../../widgets/remote-control';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** getYkVariables of T2-ST1 (the demo's storage station): the run state of its PCS and its air conditioner. */
const VARIABLES: YkState[] = [
  {
    sn: 'T2-ST1-PCS1.runState',
    name: '运行状态',
    deviceSn: 'T2-ST1-PCS1',
    deviceName: '1# PCS',
    value: 1,
    time: '2026-11-21 14:29:55',
    command: {
      id: 57,
      value: 1,
      userName: 'admin',
      status: 'done',
      time: '2026-11-21 13:04:51',
      doneTime: '2026-11-21 13:04:56',
    },
  },
  {
    sn: 'T2-ST1-PCS2.runState',
    name: '运行状态',
    deviceSn: 'T2-ST1-PCS2',
    deviceName: '2# PCS',
    value: 1,
    time: '2026-11-21 14:29:55',
  },
  {
    sn: 'T2-ST1-AC.runState',
    name: '开关状态',
    deviceSn: 'T2-ST1-AC',
    deviceName: '储能舱空调',
    value: 0,
    time: '2026-11-21 14:29:55',
    command: { id: 58, value: 0, userName: 'operator', status: 'sent', time: '2026-11-21 14:29:58' },
  },
];

const meta = {
  title: 'Widgets/remoteControl',
  component: WidgetStory,
  args: {
    definition: remoteControl,
    config: config({}),
    data: { variables: { status: 'ready', data: VARIABLES } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

interface Texts {
  list: string;
  on: string;
  off: string;
  switchOff: string;
  confirm: string;
  latest: string;
  cancel: string;
  send: string;
}

/**
 * Each variable with its state and buttons; the off button asks for confirmation naming the
 * action, the variable and the station. The story's API has no server: the dialog is cancelled,
 * and nothing is sent.
 */
const confirmsCommand =
  (texts: Texts) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: texts.list }));
    await expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      '1# PCS 运行状态',
      '2# PCS 运行状态',
      '储能舱空调 开关状态',
    ]);
    const pcs = within(list.getByRole('listitem', { name: '1# PCS 运行状态' }));
    await expect(pcs.getByRole('img', { name: texts.on })).toBeInTheDocument();
    await expect(pcs.getByRole('status')).toHaveTextContent(texts.latest);
    const air = within(list.getByRole('listitem', { name: '储能舱空调 开关状态' }));
    await expect(air.getByRole('img', { name: texts.off })).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: texts.switchOff }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog');
    await expect(dialog).toHaveTextContent(texts.confirm);
    await expect(within(dialog).getByRole('button', { name: texts.send })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.cancel }));
    // Cancelled: no command is sent, the variable still shows the latest one.
    await waitFor(() => expect(pcs.getByRole('status')).toHaveTextContent(texts.latest));
    await expect(canvas.getByRole('button', { name: texts.switchOff })).toBeEnabled();
  };
const ZH: Texts = {
  list: '可遥控变量',
  on: '合闸',
  off: '分闸',
  switchOff: '关闭 1# PCS 运行状态',
  confirm: '确定向 储能示范站 的 1# PCS 运行状态 发送“关闭”命令吗？',
  latest: '最近一次：admin 于 11-21 13:04 发送“开启” · 已执行',
  cancel: '取消',
  send: '发送命令',
};
const EN: Texts = {
  list: 'Controllable variables',
  on: 'Closed (on)',
  off: 'Open (off)',
  switchOff: 'Switch off 1# PCS 运行状态',
  confirm: 'Send the command “Off” to 1# PCS 运行状态 at 储能示范站?',
  latest: 'Latest: “On” by admin at 11-21 13:04 · applied',
  cancel: 'Cancel',
  send: 'Send command',
};

export const ZhDefault: Story = { play: confirmsCommand(ZH) };
export const ZhDark: Story = { args: { theme: 'dark' }, play: confirmsCommand(ZH) };
export const EnDefault: Story = { args: { lng: 'en' }, play: confirmsCommand(EN) };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: confirmsCommand(EN) };

/** A chosen subset, in its order and with its names (getYkStatus answers only those). */
export const ChosenVariables: Story = {
  args: {
    lng: 'en',
    config: config({
      variables: [
        { deviceVar: { deviceSn: 'T2-ST1-AC', varSn: 'T2-ST1-AC.runState' }, name: 'Container air conditioner' },
        { deviceVar: { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.runState' }, name: '' },
      ],
    }),
    data: { variables: { status: 'ready', data: [VARIABLES[2], VARIABLES[0]] } },
  },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Controllable variables' }));
    await expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Container air conditioner',
      '1# PCS 运行状态',
    ]);
    const air = within(list.getByRole('listitem', { name: 'Container air conditioner' }));
    await expect(air.getByRole('status')).toHaveTextContent('Latest: “Off” by operator at 11-21 14:29 · waiting for the device');
  },
};

/** In edit mode no command can be given. */
export const Editing: Story = {
  args: { lng: 'en', editing: true },
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button', { name: /^Switch (on|off) / });
    await expect(buttons).toHaveLength(6);
    for (const button of buttons) await expect(button).toBeDisabled();
  },
};

/** A station with nothing controllable. */
export const Empty: Story = {
  args: { lng: 'en', data: { variables: { status: 'ready', data: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This station has nothing that can be controlled remotely')).toBeInTheDocument();
  },
};

/** A failed answer (a chosen variable that cannot be controlled) shows the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    config: config({ variables: [{ deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' }, name: 'SOC' }] }),
    data: { variables: { status: 'error', code: 40010, message: 'This variable cannot be controlled remotely' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('This variable cannot be controlled remotely');
  },
};
