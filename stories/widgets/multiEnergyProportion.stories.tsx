import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/multiEnergyProportion.json';
import type { LabelTrend } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { multiEnergyProportion } from '../../widgets/multi-energy-proportion';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const total = (labelId: number, name: string, value: number | null): LabelTrend => ({
  labelId,
  name,
  unit: 'kWh',
  value,
  datas: [],
  time_keys: [],
});
/** getAllLabelTrendTotalDatas of this month for the storage station's loads and its batteries' charging. */
const MONTH: SlotState = { status: 'ready', data: [total(13, '负荷用电', 52306.4), total(15, '储能充电', 38350)] };

const meta = {
  title: 'Widgets/multiEnergyProportion',
  component: WidgetStory,
  args: {
    definition: multiEnergyProportion,
    config: config({ labelIds: [13, 15] }),
    data: { figures: MONTH },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 52306.4 + 38350 = 90656.4 kWh; loads 57.70 %, charging 42.30 %. */
const showsShares =
  (texts: { period: string; total: string; list: string; chart: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(texts.period)).toBeInTheDocument();
    await expect(canvas.getByLabelText(texts.total)).toHaveTextContent('90656.40 kWh');
    const rows = within(canvas.getByRole('list', { name: texts.list }));
    await expect(rows.getByRole('listitem', { name: '负荷用电' })).toHaveTextContent('52306.40 kWh57.70%');
    await expect(rows.getByRole('listitem', { name: '储能充电' })).toHaveTextContent('38350.00 kWh42.30%');
    await expect(canvas.getByRole('img', { name: texts.chart })).toBeInTheDocument();
  };
const zh = showsShares({ period: '本月', total: '合计', list: '各能源标签的用电量与占比', chart: '能源标签用电量占比饼图' });
const en = showsShares({
  period: 'This month',
  total: 'Total',
  list: 'Energy and share of each energy label',
  chart: "Pie chart of the energy labels' shares",
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** A net label that gave back energy today has no share: 1840.25 + 2410.8 = 4251.05 kWh shared, −95.2 kWh left out. */
export const WithNegativeLabel: Story = {
  args: {
    lng: 'en',
    config: config({ labelIds: [15, 13, 14], period: 'day' }),
    data: {
      figures: {
        status: 'ready',
        data: [total(15, '储能充电', 1840.25), total(13, '负荷用电', 2410.8), total(14, '储能净放电', -95.2)],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Total')).toHaveTextContent('4251.05 kWh');
    await expect(canvas.getByRole('listitem', { name: '储能充电' })).toHaveTextContent('1840.25 kWh43.29%');
    await expect(canvas.getByRole('listitem', { name: '负荷用电' })).toHaveTextContent('2410.80 kWh56.71%');
    await expect(canvas.getByRole('listitem', { name: '储能净放电' })).toHaveTextContent('-95.20 kWh--%');
  },
};

/** No label chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** The labels have no samples in the period: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { figures: { status: 'ready', data: [total(13, '负荷用电', null), total(15, '储能充电', null)] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A chosen label that is not the tenant's answers 404: this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { figures: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
