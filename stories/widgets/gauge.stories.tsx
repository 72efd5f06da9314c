import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/gauge.json';
import { completeConfig } from '../../runtime/dashboard';
import { gauge } from '../../widgets/gauge';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };
const TEMP = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.temperature' };
const vars = [
  { deviceVar: SOC, showName: 'SOC', timeStamp: 1763700000000 },
  { deviceVar: TEMP, showName: '电池温度', minScale: -20, maxScale: 60, timeStamp: 1763700001000 },
];
/** Real-time values as getRealtimeData answers them. */
const realtime = (soc: number | null) => ({
  status: 'ready' as const,
  data: [
    { sn: SOC.varSn, data: soc, unit: '%', time: '2026-11-21 14:29:55' },
    { sn: TEMP.varSn, data: 31.8, unit: '°C', time: '2026-11-21 14:29:55' },
  ],
});

const meta = {
  title: 'Widgets/gauge',
  component: WidgetStory,
  args: {
    definition: gauge,
    config: config({ monitorVars: vars }),
    data: { values: realtime(56.89) },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each gauge is a chart named by its variable, with its value truncated to an integer. */
const showsIntegers = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('img', { name: 'SOC' })).toBeInTheDocument();
  await expect(canvas.getByRole('img', { name: '电池温度' })).toBeInTheDocument();
  const items = canvas.getAllByRole('listitem');
  await expect(items[0]).toHaveTextContent('SOC: 56 %');
  await expect(items[1]).toHaveTextContent('电池温度: 31 °C');
};

export const ReadingsZhDefault: Story = { play: showsIntegers };
export const ReadingsZhDark: Story = { args: { theme: 'dark' }, play: showsIntegers };
export const ReadingsEnDefault: Story = { args: { lng: 'en' }, play: showsIntegers };
export const ReadingsEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsIntegers };

/** '--' for a null real-time value. */
export const NullValue: Story = {
  args: { lng: 'en', data: { values: realtime(null) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')[0]).toHaveTextContent('SOC: --');
  },
};

/** 'no data, please configure variables' without variables. */
export const NoVariables: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data, please configure variables')).toBeInTheDocument();
  },
};

/** When the fetch fails the gauges are emptied: no values, and the failure said. */
export const Failed: Story = {
  args: { lng: 'en', data: { values: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The data could not be loaded: Not found');
    await expect(canvas.getByRole('img', { name: 'SOC' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('SOC: --');
    await expect(canvas.getAllByRole('listitem')[1]).toHaveTextContent('电池温度: --');
  },
};
