import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { RJSFSchema } from '@rjsf/utils';
import schema from '../../generated/widgets/stationMap.json';
import type { StationInfo } from '../../generated/types';
import { completeConfig } from '../../runtime/dashboard';
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

const showsStations =
  (map: string, current: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: map });
    await expect(canvas.getByRole('img', { name: current })).toBeInTheDocument();
    await expect(canvas.getByText('苏州工业园屋顶光伏', { selector: 'text' })).toBeInTheDocument();
    await expect(canvas.getByText('杭州综合能源站', { selector: 'text' })).toBeInTheDocument();
    // The land outline comes with the map's own chunk, a moment after the markers.
    await waitFor(() => expect(group.querySelector('path')?.getAttribute('d')).toMatch(/^M/));
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
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Map of 6 stations' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: '成都天府储能电站' })).toBeInTheDocument();
    await expect(canvas.queryByText('成都天府储能电站', { selector: 'text' })).not.toBeInTheDocument();
  },
};

/** A station without coordinates is named under the map. */
export const WithoutLocation: Story = {
  args: {
    lng: 'en',
    data: { stations: { status: 'ready', data: [...TENANT_2, station(7, 'T2-NEW', '新建站点', 'storage')] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Map of 3 stations' })).toBeInTheDocument();
    await expect(canvas.getByText('Without a location: 新建站点')).toBeInTheDocument();
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
