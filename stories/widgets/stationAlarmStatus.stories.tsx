import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationAlarmStatus.json';
import type { StationStatusDetail } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { stationAlarmStatus } from '../../widgets/station-alarm-status';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The answer of getStationStatusDetail for the story station with this many unclosed alarms. */
const detail = (unclosedAlarmAmount: number): StationStatusDetail => ({
  stationSn: 'T2-ST1',
  unclosedAlarmAmount,
  unclosedTaskAmount: 0,
  communicationStatus: 1,
  communicationStatusDetail: [
    { deviceSn: 'T2-ST1-PCS1', deviceName: '1# PCS', status: 1, lastTime: '2026-11-21 14:29:57' },
    { deviceSn: 'T2-ST1-BMS', deviceName: 'BMS 主控', status: 1, lastTime: '2026-11-21 14:29:58' },
  ],
});
const answer = (data: unknown): Record<string, SlotState> => ({ detail: { status: 'ready', data } });

const meta = {
  title: 'Widgets/stationAlarmStatus',
  component: WidgetStory,
  args: {
    definition: stationAlarmStatus,
    config: config({}),
    data: answer(detail(3)),
    lng: 'zh',
    theme: 'default',
    onNavigate: fn(),
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const shows =
  (...texts: string[]) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    for (const text of texts) await expect(within(canvasElement).getByText(text)).toBeInTheDocument();
  };

export const HasAlarmZhDefault: Story = { play: shows('有告警', '未关闭告警：3') };
export const HasAlarmZhDark: Story = { args: { theme: 'dark' }, play: shows('有告警', '未关闭告警：3') };
export const HasAlarmEnDefault: Story = { args: { lng: 'en' }, play: shows('has alarm', 'Unclosed alarms: 3') };
export const HasAlarmEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: shows('has alarm', 'Unclosed alarms: 3') };

/** 0 unclosed alarms is normal, and the widget is inert. */
export const NormalEn: Story = {
  args: { lng: 'en', data: answer(detail(0)) },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'normal' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** Outside edit mode a click with unclosed alarms opens the alarm records. */
export const ClickNavigates: Story = {
  args: { lng: 'en' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /has alarm/ }));
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    // The records open on the widget's station.
    await expect(args.onNavigate).toHaveBeenCalledWith('SiteWarningRecord', { station: 'T2-ST1' });
  },
};

/** In edit mode the same click does nothing. */
export const EditingDoesNotNavigate: Story = {
  args: { lng: 'en', editing: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /has alarm/ });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
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
