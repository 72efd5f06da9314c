import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationDetailedCommunication.json';
import type { StationStatusDetail } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { stationDetailedCommunication } from '../../widgets/station-detailed-communication';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The answer of getStationStatusDetail for the story station: its meter has not sent data for an hour. */
const DETAIL: StationStatusDetail = {
  stationSn: 'T2-ST1',
  unclosedAlarmAmount: 1,
  unclosedTaskAmount: 0,
  communicationStatus: 0,
  communicationStatusDetail: [
    { deviceSn: 'T2-ST1-EMS', deviceName: 'EMS 控制器', status: 1, lastTime: '2026-11-21 14:29:58' },
    { deviceSn: 'T2-ST1-PCS1', deviceName: '1# PCS', status: 1, lastTime: '2026-11-21 14:29:57' },
    { deviceSn: 'T2-ST1-PCS2', deviceName: '2# PCS', status: 1, lastTime: '2026-11-21 14:29:57' },
    { deviceSn: 'T2-ST1-BMS', deviceName: 'BMS 主控', status: 1, lastTime: '2026-11-21 14:29:58' },
    { deviceSn: 'T2-ST1-MTR', deviceName: '关口电表', status: 0, lastTime: '2026-11-21 13:02:10' },
    { deviceSn: 'T2-ST1-CAM', deviceName: '储能舱摄像头', status: 0 },
  ],
};
const answer = (data: unknown): Record<string, SlotState> => ({ detail: { status: 'ready', data } });

const meta = {
  title: 'Widgets/stationDetailedCommunication',
  component: WidgetStory,
  args: {
    definition: stationDetailedCommunication,
    config: config({}),
    data: answer(DETAIL),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every device is a row with its name and online or offline. */
const listsDevices =
  (online: string, offline: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + DETAIL.communicationStatusDetail.length);
    await expect(within(canvas.getByRole('row', { name: /1# PCS/ })).getByText(online)).toBeInTheDocument();
    await expect(within(canvas.getByRole('row', { name: /关口电表/ })).getByText(offline)).toBeInTheDocument();
  };

export const DevicesZhDefault: Story = { play: listsDevices('在线', '离线') };
export const DevicesZhDark: Story = { args: { theme: 'dark' }, play: listsDevices('在线', '离线') };
export const DevicesEnDefault: Story = { args: { lng: 'en' }, play: listsDevices('online', 'offline') };
export const DevicesEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: listsDevices('online', 'offline') };

/** A station without devices says 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: answer({ ...DETAIL, communicationStatus: 0, communicationStatusDetail: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { detail: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
