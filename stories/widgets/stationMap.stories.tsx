import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationMap.json';
import type { StationInfo } from '../../generated/types';
import { completeConfig, type ChartHost } from '../../runtime/dashboard';
import { stationMap } from '../../widgets/station-map';
import { WidgetStory } from '../WidgetStory';

const config = (values: Record<string, unknown>) => completeConfig(schema as RJSFSchema, values);

/** A record of listStations, as the demo's tenant 2 has them. */
const station = (
  id: number,
  sn: string,
  name: string,
  stationType: StationInfo['stationType'],
  latitude?: number,
  longitude?: number,
): StationInfo => ({
  id,
  sn,
  name,
  stationType,
  address: '',
  capacity: stationType === 'ems' ? 600 : 2000,
  initialTime: '2024-06-01',
  operatingDays: 538,
  timeZone: 'Asia/Shanghai',
  ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
});
const TENANT_2 = [
  station(1, 'T2-ST1', '储能示范站', 'storage', 31.2, 121.59),
  station(2, 'T2-PV1', '苏州工业园屋顶光伏', 'photovoltaic', 31.3, 120.72),
  station(3, 'T2-EMS1', '杭州综合能源站', 'ems', 30.28, 120.02),
];

const meta = {
  title: 'Widgets/stationMap',
  component: WidgetStory,
  args: {
    definition: stationMap,
    config: config({}),
    data: { stations: { status: 'ready', data: TENANT_2 } },
    lng: 'zh',
    theme: 'default',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the map's chart draws, as ECharts gives its option back. */
interface DrawnMap {
  geo: { map: string }[];
  series: { type: string; label: { show: boolean }; data: { name: string; value: number[]; symbolSize: number }[] }[];
}

/**
 * The map (a chart, named by how many stations it shows) once drawn: its chart, its option, and
 * the stations it lists for a screen reader.
 */
async function drawnMap(canvasElement: HTMLElement, map: string) {
  const canvas = within(canvasElement);
  // The chart comes once the land outline, a chunk of its own, is registered.
  const host = (await canvas.findByRole('img', { name: map })) as ChartHost;
  const chart = await waitFor(() => {
    if (!host.chart) throw new Error('not drawn yet');
    return host.chart;
  });
  return {
    chart,
    option: chart.getOption() as unknown as DrawnMap,
    listed: canvas.getAllByRole('listitem').map((item) => item.textContent),
  };
}

/** Where a station is drawn: inside the chart, which it could not be without the land registered (the map's coordinates). */
const drawnInside = (chart: NonNullable<ChartHost['chart']>, longitude: number, latitude: number) => {
  const [x = NaN, y = NaN] = chart.convertToPixel({ geoIndex: 0 }, [longitude, latitude]);
  return x > 0 && x < chart.getWidth() && y > 0 && y < chart.getHeight();
};

const showsStations =
  (map: string, current: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const { chart, option, listed } = await drawnMap(canvasElement, map);
    await expect(listed).toEqual(['苏州工业园屋顶光伏', '杭州综合能源站', current]);
    await expect(option.geo[0]?.map).toBe('land');
    const [series] = option.series;
    await expect(series?.type).toBe('scatter');
    await expect(series?.label.show).toBe(true);
    // The current station is drawn last (on top), larger, and its tooltip says it is the current one.
    await expect(series?.data.map(({ name, symbolSize }) => [name, symbolSize > 10])).toEqual([
      ['苏州工业园屋顶光伏', false],
      ['杭州综合能源站', false],
      [current, true],
    ]);
    await expect(drawnInside(chart, 121.59, 31.2)).toBe(true);
  };

export const ZhDefault: Story = { play: showsStations('3 个站点的地图', '储能示范站（当前站点）') };
export const ZhDark: Story = { args: { theme: 'dark' }, play: showsStations('3 个站点的地图', '储能示范站（当前站点）') };
export const EnDefault: Story = { args: { lng: 'en' }, play: showsStations('Map of 3 stations', '储能示范站 (current station)') };
export const EnDark: Story = {
  args: { lng: 'en', theme: 'dark' },
  play: showsStations('Map of 3 stations', '储能示范站 (current station)'),
};

/** Stations across the country, equirectangular, names only in tooltips. */
export const NationwideWithoutNames: Story = {
  args: {
    lng: 'en',
    config: config({ projection: 'equirectangular', showNames: false }),
    data: {
      stations: {
        status: 'ready',
        data: [
          ...TENANT_2,
          station(4, 'T10-ST1', '深圳前海储能电站', 'storage', 22.53, 113.9),
          station(5, 'T7-ST1', '成都天府储能电站', 'storage', 30.42, 104.07),
          station(6, 'T44-ST1', '北京亦庄储能电站', 'storage', 39.8, 116.5),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const { chart, option, listed } = await drawnMap(canvasElement, 'Map of 6 stations');
    await expect(listed).toContain('成都天府储能电站');
    await expect(option.series[0]?.data.map((item) => item.name)).toContain('成都天府储能电站');
    await expect(option.series[0]?.label.show).toBe(false);
    // The country's breadth is in view: Chengdu in the west, Shanghai in the east, Beijing in the north, Shenzhen in the south.
    for (const [longitude, latitude] of [
      [104.07, 30.42],
      [121.59, 31.2],
      [116.5, 39.8],
      [113.9, 22.53],
    ] as const)
      await expect(drawnInside(chart, longitude, latitude)).toBe(true);
  },
};

/** A station without coordinates is named under the map. */
export const WithoutLocation: Story = {
  args: {
    lng: 'en',
    data: { stations: { status: 'ready', data: [...TENANT_2, station(7, 'T2-NEW', '新建站点', 'storage')] } },
  },
  play: async ({ canvasElement }) => {
    const { listed } = await drawnMap(canvasElement, 'Map of 3 stations');
    await expect(listed).not.toContain('新建站点');
    await expect(within(canvasElement).getByText('Without a location: 新建站点')).toBeInTheDocument();
  },
};

/** 'no data' when no station has a place. */
export const Empty: Story = {
  args: { lng: 'en', data: { stations: { status: 'ready', data: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('no data')).toBeInTheDocument();
  },
};

/** A failed answer shows this widget's error state with the server's message. */
export const Failed: Story = {
  args: { lng: 'en', data: { stations: { status: 'error', code: 50000, message: 'Server error' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Server error');
  },
};
