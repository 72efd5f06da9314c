import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/dodAnalysis.json';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { dodAnalysis } from '../../widgets/dod-analysis';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const SOC = { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.soc' };

/** Daily highest and lowest SOC of the storage station as the trend call answers them (this month, to the 21st). */
const HIGHS = [94.8, 95, 93.6, 95, 94.2, 88.4, 95, 94.9, 95, 92.7, 95, 94.5, 95, 90.1, 95, 94.8, 95, 93.3, 95, 95, 71.2];
const LOWS = [11.5, 10.2, 14.8, 12, 10.9, 20.6, 10, 13.1, 10.4, 16.9, 10, 11.7, 12.2, 18.4, 10, 10.8, 11, 15.5, 12, 10.6, 42.3];
const series = (values: number[]): SlotState => ({
  status: 'ready',
  data: [
    {
      sn: SOC.varSn,
      name: 'SOC',
      unit: '%',
      datas: values.map((value, index) => ({ time: `2026-11-${String(index + 1).padStart(2, '0')}`, value })),
    },
  ],
});

const meta = {
  title: 'Widgets/dodAnalysis',
  component: WidgetStory,
  args: {
    definition: dodAnalysis,
    config: config({ socVar: SOC }),
    data: { max: series(HIGHS), min: series(LOWS) },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

// Average of the 21 days' (max − min): 1657.6 / 21 = 78.93 → 78.9 %; deepest 85.0 on 11-07, 11-11 and 11-15: the first is named.
const showsFigures =
  (average: string, deepest: string, chart: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(average)).toHaveTextContent('78.9 %');
    await expect(canvas.getByLabelText(deepest)).toHaveTextContent('85.0 %');
    await expect(canvas.getByText('(11-07)')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: chart })).toBeInTheDocument();
  };
const zh = showsFigures('平均DOD', '最大DOD', '每日放电深度柱状图');
const en = showsFigures('Average DOD', 'Deepest DOD', 'Bar chart of the daily depth of discharge');

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** No SOC variable chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** The variable has no samples in the period: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { max: series([]), min: series([]) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { max: { status: 'error', code: 40400, message: 'Not found' }, min: series(LOWS) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
