import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/multiEnergyConsumption.json';
import type { EnergyLabel, LabelTrend } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { multiEnergyConsumption } from '../../widgets/multi-energy-consumption';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

const label = (id: number, name: string, labelType: EnergyLabel['labelType'], parentId?: number): EnergyLabel => ({
  id,
  name,
  stationId: 1,
  stationName: '张江储能电站',
  energyType: 'electricity',
  labelType,
  variables: [{ variableId: id * 10, sign: 1 }],
  alarmSwitch: true,
  sorting: 1,
  ...(parentId ? { parentId } : {}),
});
/** getEnergyLabelTree of the demo storage station, in tree order. */
const TREE: SlotState = {
  status: 'ready',
  data: [
    label(11, '关口购电', 'flow'),
    label(12, '关口上网', 'flow'),
    label(13, '负荷用电', 'area'),
    label(14, '储能净放电', 'flow'),
    label(15, '储能充电', 'equipment', 14),
    label(16, '储能放电', 'equipment', 14),
  ],
};
const figure = (labelId: number, name: string, value: number, charge?: number): LabelTrend => ({
  labelId,
  name,
  unit: 'kWh',
  value,
  datas: [],
  time_keys: [],
  ...(charge !== undefined ? { charge } : {}),
});
/**
 * getElectricalDegreeAndCharge of this month to the 21st: charged 38350 kWh in the valley (× 0.32 = 12272.00),
 * discharged 34262.5 kWh at peaks (× 1.12) and 3150 kWh flat (× 0.68) = 40516.00; the net label is
 * discharged − charged: −937.5 kWh, 28244.00.
 */
const FIGURES: LabelTrend[] = [
  figure(11, '关口购电', 53243.9, 16216.44),
  figure(12, '关口上网', 0, 0),
  figure(13, '负荷用电', 52306.4, 44460.44),
  figure(14, '储能净放电', -937.5, 28244),
  figure(15, '储能充电', 38350, 12272),
  figure(16, '储能放电', 37412.5, 40516),
];

const meta = {
  title: 'Widgets/multiEnergyConsumption',
  component: WidgetStory,
  args: {
    definition: multiEnergyConsumption,
    config: config({}),
    data: { tree: TREE, figures: { status: 'ready', data: FIGURES } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsTable =
  (texts: { table: string; label: string; energy: string; cost: string; period: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const table = within(within(canvasElement).getByRole('region', { name: texts.table }));
    await expect(table.getByText(texts.period)).toBeInTheDocument();
    for (const header of [texts.label, texts.energy, texts.cost])
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    await expect(table.getByRole('row', { name: /^关口购电/ })).toHaveTextContent('53243.90 kWh16216.44');
    await expect(table.getByRole('row', { name: /^储能净放电/ })).toHaveTextContent('-937.50 kWh28244.00');
    await expect(table.getByRole('row', { name: /^储能充电/ })).toHaveTextContent('38350.00 kWh12272.00');
    await expect(table.getByRole('row', { name: /^储能放电/ })).toHaveTextContent('37412.50 kWh40516.00');
  };
const zh = showsTable({
  table: '各能源标签的用电量与电费',
  label: '能源标签',
  energy: '用电量',
  cost: '电费（RM）',
  period: '本月',
});
const en = showsTable({
  table: 'Energy and cost of each energy label',
  label: 'Energy label',
  energy: 'Energy',
  cost: 'Cost (RM)',
  period: 'This month',
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** Two labels chosen, without cost (getAllLabelTrendTotalDatas answers no charge): no cost column. */
export const ChosenWithoutCost: Story = {
  args: {
    lng: 'en',
    config: config({ labelIds: [15, 16], showCost: false, period: 'day' }),
    data: { tree: TREE, figures: { status: 'ready', data: [figure(15, '储能充电', 1840.25), figure(16, '储能放电', 921.7)] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Today')).toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: 'Cost (RM)' })).toBeNull();
    await expect(canvas.getByRole('row', { name: /^储能充电/ })).toHaveTextContent('1840.25 kWh');
    await expect(canvas.getByRole('row', { name: /^储能放电/ })).toHaveTextContent('921.70 kWh');
  },
};

/** A station without labels: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { tree: { status: 'ready', data: [] }, figures: { status: 'ready', data: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A chosen label that is not the tenant's answers 404: this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { tree: TREE, figures: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
