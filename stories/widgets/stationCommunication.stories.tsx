import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationCommunication.json';
import type { StationStatusDetail } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { stationCommunication } from '../../widgets/station-communication';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** The answer of getStationStatusDetail for the story station, every device online or one offline. */
const detail = (online: boolean): StationStatusDetail => ({
  stationSn: 'T2-ST1',
  unclosedAlarmAmount: 0,
  unclosedTaskAmount: 0,
  communicationStatus: online ? 1 : 0,
  communicationStatusDetail: [
    { deviceSn: 'T2-ST1-EMS', deviceName: 'EMS 控制器', status: 1, lastTime: '2026-11-21 14:29:58' },
    { deviceSn: 'T2-ST1-PCS1', deviceName: '1# PCS', status: 1, lastTime: '2026-11-21 14:29:57' },
    {
      deviceSn: 'T2-ST1-MTR',
      deviceName: '关口电表',
      status: online ? 1 : 0,
      lastTime: online ? '2026-11-21 14:29:55' : '2026-11-21 13:02:10',
    },
  ],
});
const answer = (data: unknown): Record<string, SlotState> => ({ detail: { status: 'ready', data } });

const meta = {
  title: 'Widgets/stationCommunication',
  component: WidgetStory,
  args: {
    definition: stationCommunication,
    config: config({}),
    data: answer(detail(true)),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const shows =
  (text: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByText(text)).toBeInTheDocument();
  };

export const NormalZhDefault: Story = { play: shows('正常') };
export const NormalZhDark: Story = { args: { theme: 'dark' }, play: shows('正常') };
export const NormalEnDefault: Story = { args: { lng: 'en' }, play: shows('normal') };
export const NormalEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: shows('normal') };

/** A device that has not sent data for three minutes makes the station's communication abnormal. */
export const AbnormalZhDefault: Story = { args: { data: answer(detail(false)) }, play: shows('异常') };
export const AbnormalEnDark: Story = { args: { lng: 'en', theme: 'dark', data: answer(detail(false)) }, play: shows('abnormal') };

/** An answer without a detail says 'no data'. */
export const Empty: Story = { args: { lng: 'en', data: answer(null) }, play: shows('no data') };

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { detail: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
