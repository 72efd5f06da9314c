import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/singleData.json';
import { completeConfig } from '../../runtime/dashboard';
import { singleData } from '../../widgets/single-data';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const LOAD = { deviceSn: 'T2-ST1-METER', varSn: 'T2-ST1-METER.importEnergy' };
/** A month's growth of the counter, as getStatisticalValue answers it. */
const month = (value: number | null, first: string) => ({
  status: 'ready' as const,
  data: [{ sn: LOAD.varSn, datas: [value], unit: 'kWh', value, time_keys: [first] }],
});

const meta = {
  title: 'Widgets/singleData',
  component: WidgetStory,
  args: {
    definition: singleData,
    config: config({ deviceVar: LOAD }),
    data: { current: month(12480.5, '2026-11-01'), previous: month(10400, '2026-10-01') },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rose =
  (labels: { current: string; previous: string; rose: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(labels.current)).toBeInTheDocument();
    await expect(canvas.getByLabelText(/^(数值|Value)$/)).toHaveTextContent('12480.50kWh');
    await expect(canvas.getByText(`${labels.previous}: 10400.00 kWh`)).toBeInTheDocument();
    await expect(canvas.getByText(/\+20\.00%/)).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: labels.rose })).toBeInTheDocument();
  };
const zh = { current: '本月', previous: '上月', rose: '上升' };
const en = { current: 'This month', previous: 'Last month', rose: 'rose' };

export const RoseZhDefault: Story = { play: rose(zh) };
export const RoseZhDark: Story = { args: { theme: 'dark' }, play: rose(zh) };
export const RoseEnDefault: Story = { args: { lng: 'en' }, play: rose(en) };
export const RoseEnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: rose(en) };

/** Down arrow in the drop colour when the figure dropped against yesterday. */
export const DroppedSinceYesterday: Story = {
  args: {
    lng: 'en',
    config: config({ deviceVar: LOAD, chainType: 'DAY' }),
    data: { current: month(300, '2026-11-21 00'), previous: month(400, '2026-11-20 00') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Yesterday: 400.00 kWh')).toBeInTheDocument();
    await expect(canvas.getByText(/-25\.00%/)).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'dropped' })).toBeInTheDocument();
  },
};

/** A historical record: the periods are named by their month. */
export const HistoricalRecord: Story = {
  args: { lng: 'en', config: config({ deviceVar: LOAD, recordDate: '2026-03-15' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2026-03')).toBeInTheDocument();
    await expect(canvas.getByText('2026-02: 10400.00 kWh')).toBeInTheDocument();
  },
};

/** '--' for a missing figure, and no arrow. */
export const NullValue: Story = {
  args: { lng: 'en', data: { current: month(null, '2026-11-01'), previous: month(10400, '2026-10-01') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Value')).toHaveTextContent('--');
    await expect(canvas.getByText('Change: --')).toBeInTheDocument();
    await expect(canvas.queryByRole('img', { name: /rose|dropped/ })).not.toBeInTheDocument();
  },
};

/** 'please configure' without a variable. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    data: { current: month(1, '2026-11-01'), previous: { status: 'error', code: 40400, message: 'Not found' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
