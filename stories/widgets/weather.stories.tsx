import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/weather.json';
import type { WeatherReport } from '../../generated/types';
import { completeConfig } from '../../runtime/dashboard';
import { weather } from '../../widgets/weather';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** getStationWeather of T2-ST1 at the stories' instant (14:30 in Shanghai), as the demo's simulation answers it. */
const NOVEMBER: WeatherReport = {
  stationSn: 'T2-ST1',
  source: 'simulated',
  time: '2026-11-21 14:30:00',
  condition: 'cloudy',
  temperature: 10.8,
  irradiance: 168,
  days: [
    { date: '2026-11-21', condition: 'cloudy', low: 5.7, high: 10.9 },
    { date: '2026-11-22', condition: 'sunny', low: 7.8, high: 15.9 },
    { date: '2026-11-23', condition: 'rain', low: 6.6, high: 11.6 },
  ],
};
/** A summer noon at the same station. */
const JULY: WeatherReport = {
  stationSn: 'T2-ST1',
  source: 'simulated',
  time: '2026-07-10 12:00:00',
  condition: 'sunny',
  temperature: 31.5,
  irradiance: 872,
  days: [
    { date: '2026-07-10', condition: 'sunny', low: 24.5, high: 32.4 },
    { date: '2026-07-11', condition: 'cloudy', low: 25.3, high: 30.5 },
    { date: '2026-07-12', condition: 'cloudy', low: 26, high: 31.3 },
  ],
};

const meta = {
  title: 'Widgets/weather',
  component: WidgetStory,
  args: {
    definition: weather,
    config: config({}),
    data: { weather: { status: 'ready', data: NOVEMBER } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const showsWeather =
  (texts: { cloudy: string; simulated: string; today: string; tomorrow: string; monday: string; forecast: string }) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('10.8 °C')).toBeInTheDocument();
    await expect(canvas.getAllByRole('img', { name: texts.cloudy }).length).toBeGreaterThan(0);
    await expect(canvas.getByText('168 W/m²')).toBeInTheDocument();
    await expect(canvas.getByText(texts.simulated)).toBeInTheDocument();
    const forecast = within(canvas.getByRole('list', { name: texts.forecast }));
    await expect(forecast.getAllByRole('listitem').map((day) => day.getAttribute('aria-label'))).toEqual([
      texts.today,
      texts.tomorrow,
      texts.monday,
    ]);
    await expect(forecast.getByText('8° / 16°')).toBeInTheDocument();
  };
const ZH = { cloudy: '多云', simulated: '模拟天气数据', today: '今天', tomorrow: '明天', monday: '周一', forecast: '天气预报' };
const EN = {
  cloudy: 'Cloudy',
  simulated: 'Simulated weather',
  today: 'Today',
  tomorrow: 'Tomorrow',
  monday: 'Mon',
  forecast: 'Forecast',
};

export const ZhDefault: Story = { play: showsWeather(ZH) };
export const ZhDark: Story = { args: { theme: 'dark' }, play: showsWeather(ZH) };
export const EnDefault: Story = { args: { lng: 'en' }, play: showsWeather(EN) };
export const EnDark: Story = { args: { lng: 'en', theme: 'dark' }, play: showsWeather(EN) };

/** A sunny summer noon, two days of forecast and no irradiance. */
export const SummerTwoDays: Story = {
  args: {
    lng: 'en',
    config: config({ forecastDays: 2, showIrradiance: false }),
    data: { weather: { status: 'ready', data: JULY } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('31.5 °C')).toBeInTheDocument();
    await expect(canvas.queryByText('872 W/m²')).not.toBeInTheDocument();
    await expect(within(canvas.getByRole('list', { name: 'Forecast' })).getAllByRole('listitem')).toHaveLength(2);
  },
};

/** Figures from a weather service name it instead of the simulated tag. */
export const FromAService: Story = {
  args: { lng: 'en', data: { weather: { status: 'ready', data: { ...NOVEMBER, source: 'Weather service' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Source: Weather service')).toBeInTheDocument();
    await expect(canvas.queryByText('Simulated weather')).not.toBeInTheDocument();
  },
};

/** 'no data' when the answer holds no report. */
export const Empty: Story = {
  args: { lng: 'en', data: { weather: { status: 'ready', data: null } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { weather: { status: 'error', code: 40400, message: 'Station not found' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Station not found');
  },
};
