import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/ledgerEarnings.json';
import type { LedgerStation } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { ledgerEarnings } from '../../widgets/ledger-earnings';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const answered = (figures: Partial<LedgerStation>): SlotState => ({ status: 'ready', data: figures });

/** getStationLedger of today (a quarter of its closed intervals without complete readings) and of this month. */
const DAY = answered({ earned: 1234.5, coverage: 0.75 });
const MONTH = answered({ earned: 28_410.2, savings: 27_905.75, spreadPerMwh: 412.5, cyclesPerDay: 0.912, coverage: 1 });

const meta = {
  title: 'Widgets/ledgerEarnings',
  component: WidgetStory,
  args: { definition: ledgerEarnings, config: config({}), data: { day: DAY, month: MONTH }, lng: 'zh', theme: 'default' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each figure in the money format under its name, today's saying it comes from partial data, the baseline written under them. */
const figures =
  (texts: { names: [string, string][]; partial: string; baseline: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    for (const [name, value] of texts.names) {
      await expect(within(canvas.getByRole('region', { name })).getByLabelText(/^(Value|数值)$/)).toHaveTextContent(value);
    }
    await expect(canvas.getByText(texts.partial)).toBeInTheDocument();
    await expect(canvas.getByText(texts.baseline)).toBeInTheDocument();
  };
const zh = figures({
  names: [
    ['今日收益(元)', '1,234.50'],
    ['本月收益(元)', '28,410.20'],
    ['本月节省(元)', '27,905.75'],
    ['本月价差(元/MWh)', '412.50'],
    ['本月日均循环次数', '0.912'],
  ],
  partial: '数据不完整（完整时段占 75 %）',
  baseline: '对比基准：同样的负荷，无储能、无光伏',
});
const en = figures({
  names: [
    ['Earned today (yuan)', '1,234.50'],
    ['Earned this month (yuan)', '28,410.20'],
    ['Savings this month (yuan)', '27,905.75'],
    ['Spread this month (yuan/MWh)', '412.50'],
    ['Cycles per day this month', '0.912'],
  ],
  partial: 'From partial data (75 % of intervals complete)',
  baseline: 'Against the baseline: the same load with no battery and no PV',
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** Early in the day, before any interval has closed: no figure yet, and said so. */
export const NothingClosed: Story = {
  args: { lng: 'en', config: config({ figures: ['earnedToday'] }), data: { day: answered({ earned: null, coverage: null }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Value')).toHaveTextContent('--');
    await expect(canvas.getByText('No interval closed yet')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: {
    lng: 'en',
    data: { day: DAY, month: { status: 'error', code: 40400, message: 'There is no station T7-ST1 among yours.' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('There is no station T7-ST1 among yours.');
  },
};
