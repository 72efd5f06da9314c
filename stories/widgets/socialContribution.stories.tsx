import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import schema from '../../generated/widgets/socialContribution.json';
import type { StatisticValue } from '../../generated/types';
import { completeConfig, type SlotState } from '../../runtime/dashboard';
import { socialContribution } from '../../widgets/social-contribution';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);
const PCS1 = { deviceSn: 'T2-ST1-PCS1', varSn: 'T2-ST1-PCS1.dischargeEnergy' };
const PCS2 = { deviceSn: 'T2-ST1-PCS2', varSn: 'T2-ST1-PCS2.dischargeEnergy' };
const MONTHS = Array.from({ length: 12 }, (_, month) => String(month + 1).padStart(2, '0'));

/** getStatisticalValue, DIFF of a year: each converter's discharged energy (its monthly series left empty here). */
const year = (y: number, pcs1: number | null, pcs2: number | null): SlotState => {
  const entry = (sn: string, value: number | null): StatisticValue => ({
    sn,
    unit: 'kWh',
    value,
    datas: MONTHS.map(() => null),
    time_keys: MONTHS.map((month) => `${y}-${month}`),
  });
  return { status: 'ready', data: [entry(PCS1.varSn, pcs1), entry(PCS2.varSn, pcs2)] };
};
/** The storage station went into operation on 1 June 2024. */
const YEARS = {
  y2024: year(2024, 192450.5, 191980),
  y2025: year(2025, 331020.25, 330540.5),
  y2026: year(2026, 295310.75, 294870.25),
};

const meta = {
  title: 'Widgets/socialContribution',
  component: WidgetStory,
  args: {
    definition: socialContribution,
    config: config({ energyVars: [PCS1, PCS2] }),
    data: YEARS,
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * 1636172.25 kWh discharged since June 2024: × 0.5703 = 933.11 t CO2, × 0.3 = 490.85 t standard
 * coal, 933109.03 kg / 18.3 = 50990 trees.
 */
const showsContribution =
  (texts: { energy: string; co2: string; coal: string; trees: string; treeUnit: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(texts.energy)).toHaveTextContent('1636172.25 kWh');
    await expect(canvas.getByRole('region', { name: texts.co2 })).toHaveTextContent('933.11 t');
    await expect(canvas.getByRole('region', { name: texts.coal })).toHaveTextContent('490.85 t');
    await expect(canvas.getByRole('region', { name: texts.trees })).toHaveTextContent(`50990 ${texts.treeUnit}`);
  };
const zh = showsContribution({ energy: '累计电量', co2: '减排二氧化碳', coal: '节约标准煤', trees: '等效植树', treeUnit: '棵' });
const en = showsContribution({
  energy: 'Energy counted',
  co2: 'CO2 avoided',
  coal: 'Standard coal saved',
  trees: 'Equivalent trees planted',
  treeUnit: 'trees',
});

export const ZhDefault: Story = { play: zh };
export const ZhDark: Story = { args: { theme: 'dark' }, play: zh };
export const EnDefault: Story = { args: { lng: 'en' }, play: en };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: en };

/** A photovoltaic station by its inverters' latest readings: 1250400.5 kWh = 713.10 t CO2, 375.12 t coal, 38967 trees. */
export const Readings: Story = {
  args: {
    lng: 'en',
    config: config({
      basis: 'reading',
      energyVars: [
        { deviceSn: 'T2-PV1-INV1', varSn: 'T2-PV1-INV1.totalYield' },
        { deviceSn: 'T2-PV1-INV2', varSn: 'T2-PV1-INV2.totalYield' },
      ],
    }),
    data: {
      reading: {
        status: 'ready',
        data: [
          { sn: 'T2-PV1-INV1.totalYield', data: 1250400.5, unit: 'kWh', time: '2026-11-21 14:30:00' },
          { sn: 'T2-PV1-INV2.totalYield', data: null, unit: 'kWh' },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Energy counted')).toHaveTextContent('1250400.50 kWh');
    await expect(canvas.getByRole('region', { name: 'CO2 avoided' })).toHaveTextContent('713.10 t');
    await expect(canvas.getByRole('region', { name: 'Standard coal saved' })).toHaveTextContent('375.12 t');
    await expect(canvas.getByRole('region', { name: 'Equivalent trees planted' })).toHaveTextContent('38967 trees');
  },
};

/** No counter chosen: 'please configure'. */
export const NotConfigured: Story = {
  args: { lng: 'en', config: config({}), data: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('please configure')).toBeInTheDocument();
  },
};

/** The counters have no samples at all: 'no data'. */
export const Empty: Story = {
  args: { lng: 'en', data: { y2024: year(2024, null, null), y2025: year(2025, null, null), y2026: year(2026, null, null) } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed year shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { ...YEARS, y2025: { status: 'error', code: 40400, message: 'Not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not found');
  },
};
