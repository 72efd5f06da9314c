import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/alarmList.json';
import type { Alarm } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { alarmList } from '../../widgets/alarm-list';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

const alarm = (id: number, fields: Partial<Alarm>): Alarm => ({
  id,
  stationId: 1,
  stationName: '张江储能电站',
  deviceId: 4,
  deviceName: 'BMS 主控',
  variableId: 21,
  variableName: '最高单体温度',
  generatorId: 1,
  generatorName: 'BMS 最高单体温度过高',
  typeId: 1,
  typeName: '电池温度过高',
  level: 'major',
  source: 'device',
  info: 'BMS 主控：最高单体温度超过 45 °C',
  value: 46.2,
  reportTime: '2026-11-21T06:15:05.000Z',
  status: 1,
  ...fields,
});

/** The answer of getAlarmSummarys: the latest page of 5, newest first, open and handled. */
const PAGE = {
  records: [
    alarm(31, {}),
    alarm(30, {
      deviceId: 2,
      deviceName: '1# PCS',
      info: '1# PCS：故障停机',
      reportTime: '2026-11-21T05:40:12.000Z',
      status: 0,
      checker: '系统管理员',
      checkInfo: '已复位并重新启动',
      checkTime: '2026-11-21T05:52:00.000Z',
    }),
    alarm(28, {
      deviceId: 9,
      deviceName: '1# 变压器',
      info: '1# 变压器：油温超过 85 °C',
      reportTime: '2026-11-21T03:05:44.000Z',
      status: 0,
      recoverTime: '2026-11-21T03:21:30.000Z',
    }),
  ],
  total: 3,
  current: 1,
  size: 5,
};
const answer = (data: unknown): Record<string, SlotState> => ({ alarms: { status: 'ready', data } });

const meta = {
  title: 'Widgets/alarmList',
  component: WidgetStory,
  args: {
    definition: alarmList,
    config: config({}),
    data: answer(PAGE),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The alarms with their time in the station's zone, info and device; the open one offers to confirm. */
const listsAlarms =
  (confirm: RegExp, confirmed: string, recovered: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + PAGE.records.length);
    const open = canvas.getByRole('row', { name: /最高单体温度/ });
    await expect(within(open).getByText('2026-11-21 14:15:05')).toBeInTheDocument();
    await expect(within(open).getByText('BMS 主控')).toBeInTheDocument();
    await expect(within(open).getByRole('button', { name: confirm })).toBeInTheDocument();
    await expect(within(canvas.getByRole('row', { name: /故障停机/ })).getByText(confirmed)).toBeInTheDocument();
    await expect(within(canvas.getByRole('row', { name: /油温/ })).getByText(recovered)).toBeInTheDocument();
  };

export const AlarmsZhDefault: Story = { play: listsAlarms(/^确认告警/, '已确认 -- 系统管理员', '自动恢复') };
export const AlarmsZhDark: Story = {
  args: { theme: 'dark' },
  play: listsAlarms(/^确认告警/, '已确认 -- 系统管理员', '自动恢复'),
};
export const AlarmsEnDefault: Story = {
  args: { lng: 'en' },
  play: listsAlarms(/^Confirm alarm/, 'confirmed -- 系统管理员', 'auto recovered'),
};
export const AlarmsEnDark: Story = {
  args: { lng: 'en', theme: 'dark' },
  play: listsAlarms(/^Confirm alarm/, 'confirmed -- 系统管理员', 'auto recovered'),
};

/** Confirming an open alarm asks for confirmation info in a dialog titled 'confirm alarm'. */
export const ConfirmDialog: Story = {
  args: { lng: 'en' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Confirm alarm: BMS/ }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText('confirm alarm')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('please enter confirmation info');
    await userEvent.type(input, '空调已恢复运行');
    await expect(input).toHaveValue('空调已恢复运行');
    await expect(within(dialog).getByRole('button', { name: 'OK' })).toBeEnabled();
  },
};

/** Cancelling the dialog says 'confirmation cancelled' (nothing is sent). */
export const CancelConfirmation: Story = {
  args: { lng: 'en' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Confirm alarm: BMS/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(await screen.findByText('confirmation cancelled')).toBeInTheDocument();
  },
};

/** A station without alarms says 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: answer({ records: [], total: 0, current: 1, size: 5 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { alarms: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
