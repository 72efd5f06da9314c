import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/keyData.json';
import { completeConfig } from '../../runtime/dashboard';
import { keyData } from '../../widgets/key-data';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };

const meta = {
  title: 'Widgets/keyData',
  component: WidgetStory,
  args: {
    definition: keyData,
    config: config({ name: 'SOC', deviceValue: SOC }),
    data: { value: { status: 'ready', data: [{ sn: SOC.varSn, data: 56.25, unit: '%' }] } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsValue = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(within(canvasElement).getByText('56.25')).toBeInTheDocument();
  await expect(within(canvasElement).getByText('%')).toBeInTheDocument();
};

export const RealtimeZhDefault: Story = { play: showsValue };
export const RealtimeZhDark: Story = { args: { theme: 'dark' }, play: showsValue };
export const RealtimeEnDefault: Story = { args: { lng: 'en' }, play: showsValue };
export const RealtimeEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsValue };

/** '--' for a null real-time value. */
export const NullValue: Story = {
  args: { data: { value: { status: 'ready', data: [{ sn: SOC.varSn, data: null, unit: '%' }] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('--')).toBeInTheDocument();
  },
};

/** 'please configure' when the chosen type has no value. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

export const StationInfo: Story = {
  args: { lng: 'en', config: config({ dataType: 'station_info', stationValue: 'voltageClass' }), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Voltage class')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { value: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
