import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/proportion.json';
import { completeConfig } from '../../runtime/dashboard';
import { proportion } from '../../widgets/proportion';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const PV = { deviceSn: 'T2-ST1-PV', varSn: 'T2-ST1-PV.energy' };
const GRID = { deviceSn: 'T2-ST1-METER', varSn: 'T2-ST1-METER.importEnergy' };
const BATTERY = { deviceSn: 'T2-ST1-PCS', varSn: 'T2-ST1-PCS.dischargeEnergy' };
const parts = [
  { deviceVar: PV, name: '光伏', color: '#409EFF', timestamp: 1763700000000 },
  { deviceVar: GRID, name: '电网', color: '#29BB9A', timestamp: 1763700001000 },
  { deviceVar: BATTERY, name: '储能', color: '#F96377', timestamp: 1763700002000 },
];
/** This month's growth of the three counters, as getStatisticalValue answers it. */
const month = (pv: number | null) => [
  { sn: PV.varSn, datas: [pv], unit: 'kWh', value: pv, time_keys: ['2026-11-01'] },
  { sn: GRID.varSn, datas: [450], unit: 'kWh', value: 450, time_keys: ['2026-11-01'] },
  { sn: BATTERY.varSn, datas: [300], unit: 'kWh', value: 300, time_keys: ['2026-11-01'] },
];

const meta = {
  title: 'Widgets/proportion',
  component: WidgetStory,
  args: {
    definition: proportion,
    config: config({ queryInterval: 'current_month', nodeInfo: parts, queryDeviceVars: [PV, GRID, BATTERY] }),
    data: { values: { status: 'ready', data: month(750) } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsShares =
  (chart: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
    await expect(canvas.getByText('光伏')).toBeInTheDocument();
    await expect(canvas.getByText('750.00 kWh')).toBeInTheDocument();
    await expect(canvas.getByText('50.00%')).toBeInTheDocument();
    await expect(canvas.getByText('30.00%')).toBeInTheDocument();
    await expect(canvas.getByText('20.00%')).toBeInTheDocument();
  };

export const MonthZhDefault: Story = { play: showsShares('占比环形图') };
export const MonthZhDark: Story = { args: { theme: 'dark' }, play: showsShares('占比环形图') };
export const MonthEnDefault: Story = { args: { lng: 'en' }, play: showsShares('Proportion ring chart') };
export const MonthEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsShares('Proportion ring chart') };

/** Real-time values as getRealtimeData answers them, with one decimal. */
export const RealtimeOneDecimal: Story = {
  args: {
    lng: 'en',
    config: config({ numberFix: 1, nodeInfo: parts.slice(0, 2) }),
    data: {
      values: {
        status: 'ready',
        data: [
          { sn: PV.varSn, data: 125.26, unit: 'kW', time: '2026-11-21 14:29:55' },
          { sn: GRID.varSn, data: 375.74, unit: 'kW', time: '2026-11-21 14:29:55' },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('125.3 kW')).toBeInTheDocument();
    await expect(canvas.getByText('25.0%')).toBeInTheDocument();
    await expect(canvas.getByText('75.0%')).toBeInTheDocument();
  },
};

/** '--' for a part without a value; it has no share. */
export const NullValue: Story = {
  args: { lng: 'en', data: { values: { status: 'ready', data: month(null) } } },
  play: async ({ canvasElement }) => {
    const items = within(within(canvasElement).getByRole('list', { name: 'Share of each part' })).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('光伏--');
    await expect(items[1]).toHaveTextContent('60.00%');
  },
};

/** 'no data' when there are no parts. */
export const NoParts: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { values: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
