import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationFaultStatus.json';
import type { StationStatusDetail } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { stationFaultStatus } from '../../widgets/station-fault-status';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The answer of getStationStatusDetail for the story station with this many unclosed tasks. */
const detail = (unclosedTaskAmount: number): StationStatusDetail => ({
  stationSn: 'T2-ST1',
  unclosedAlarmAmount: 1,
  unclosedTaskAmount,
  communicationStatus: 1,
  communicationStatusDetail: [
    { deviceSn: 'T2-ST1-PCS1', deviceName: '1# PCS', status: 1, lastTime: '2026-11-21 14:29:57' },
    { deviceSn: 'T2-ST1-BMS', deviceName: 'BMS 主控', status: 1, lastTime: '2026-11-21 14:29:58' },
  ],
});
const answer = (data: unknown): Record<string, SlotState> => ({ detail: { status: 'ready', data } });

const meta = {
  title: 'Widgets/stationFaultStatus',
  component: WidgetStory,
  args: {
    definition: stationFaultStatus,
    config: config({}),
    data: answer(detail(0)),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const shows =
  (...texts: string[]) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    for (const text of texts) await expect(within(canvasElement).getByText(text)).toBeInTheDocument();
  };

export const NormalZhDefault: Story = { play: shows('正常') };
export const NormalZhDark: Story = { args: { theme: 'dark' }, play: shows('正常') };
export const NormalEnDefault: Story = { args: { lng: 'en' }, play: shows('normal') };
export const NormalEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: shows('normal') };

/** Unclosed work-order tasks make the station abnormal; their count is shown. */
export const AbnormalZhDefault: Story = { args: { data: answer(detail(2)) }, play: shows('异常', '未关闭工单：2') };
export const AbnormalEnDark: Story = {
  args: { lng: 'en', theme: 'dark', data: answer(detail(2)) },
  play: shows('abnormal', 'Unclosed tasks: 2'),
};

/** An answer without a detail says 'no data'. */
export const Empty: Story = { args: { lng: 'en', data: answer(null) }, play: shows('no data') };

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { detail: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
