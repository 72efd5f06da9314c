import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/multiKeyData.json';
import { completeConfig } from '../../runtime/dashboard';
import { multiKeyData } from '../../widgets/multi-key-data';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };
const POWER = { deviceSn: 'T2-ST1-PCS', varSn: 'T2-ST1-PCS.activePower' };
const ENERGY = { deviceSn: 'T2-ST1-PCS', varSn: 'T2-ST1-PCS.dischargeEnergy' };
const entry = (values: Record<string, unknown>) => ({
  name: '',
  dataType: 'device_data',
  textValue: '',
  stationValue: '',
  calcMethod: 'diff',
  calcInterval: 'real_time',
  ...values,
});
const entries = [
  entry({ name: 'SOC', deviceValue: SOC, timestamp: 1 }),
  entry({ name: '有功功率', deviceValue: POWER, timestamp: 2 }),
  entry({ name: '本月放电量', deviceValue: ENERGY, calcInterval: 'current_month', timestamp: 3 }),
  entry({ dataType: 'station_info', stationValue: 'capacity', timestamp: 4 }),
  entry({ name: '运维单位', dataType: 'text', textValue: '华东运维中心', timestamp: 5 }),
];
/** The answers of the widget's two calls: real-time values and this month's growth. */
const answers = (soc: number | null) => ({
  realtime: {
    status: 'ready' as const,
    data: [
      { sn: SOC.varSn, data: soc, unit: '%', time: '2026-11-21 14:29:55' },
      { sn: POWER.varSn, data: -215.4, unit: 'kW', time: '2026-11-21 14:29:55' },
    ],
  },
  'month:DIFF': {
    status: 'ready' as const,
    data: [{ sn: ENERGY.varSn, datas: [812.5], unit: 'kWh', value: 18230.75, time_keys: ['2026-11-01'] }],
  },
});

const meta = {
  title: 'Widgets/multiKeyData',
  component: WidgetStory,
  args: {
    definition: multiKeyData,
    config: config({ multiKeyData: entries }),
    data: answers(56.25),
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsFigures =
  (capacity: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const items = within(within(canvasElement).getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[0]).toHaveTextContent('SOC56.25%');
    await expect(items[1]).toHaveTextContent('有功功率-215.40kW');
    await expect(items[2]).toHaveTextContent('本月放电量18230.75kWh');
    await expect(items[3]).toHaveTextContent(`${capacity}2000`);
    await expect(items[4]).toHaveTextContent('运维单位华东运维中心');
  };

export const FiguresZhDefault: Story = { play: showsFigures('装机容量') };
export const FiguresZhDark: Story = { args: { theme: 'dark' }, play: showsFigures('装机容量') };
export const FiguresEnDefault: Story = { args: { lng: 'en' }, play: showsFigures('Capacity') };
export const FiguresEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsFigures('Capacity') };

/** '--' for a null real-time value; 'please configure' for an entry without its value. */
export const NullAndUnconfigured: Story = {
  args: {
    lng: 'en',
    config: config({ multiKeyData: [...entries.slice(0, 3), entry({ name: 'Note', dataType: 'text' })] }),
    data: answers(null),
  },
  play: async ({ canvasElement }) => {
    const items = within(within(canvasElement).getByRole('list', { name: 'Key figures' })).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('SOC--');
    await expect(items[3]).toHaveTextContent('Noteplease configure');
  },
};

/** 'no data' when the list is empty. */
export const Empty: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    data: { ...answers(50), realtime: { status: 'error', code: 40400, message: 'Not found' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
