import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/stationMap.json';
import land from '../../runtime/charts/land.json';
import {
  configDefaults,
  decodeLand,
  fitWindow,
  LAND_MAP,
  landGeoJson,
  loadCharts,
  project,
  unproject,
  type SlotState,
} from '../../runtime/dashboard';
import { stationMap } from '.';
import {
  stationMapOption,
  stationsOf,
  SYMBOL_SIZE,
  type PlacedStation,
  type StationMapConfig,
  type StationMapLook,
} from './rules';

const rings = decodeLand(land);

const defaults = configDefaults(schema as never) as StationMapConfig;
const context = {
  station: { sn: 'T2-ST1', name: '张江储能电站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};

describe('station map: configuration', () => {
  test.each([
    ['name', '站点地图'],
    ['icon', 'EnvironmentOutlined'],
    ['projection', 'mercator'],
    ['minSpan', 8],
    ['showNames', true],
  ])('%s defaults to %s', (field, value) => {
    expect(defaults[field]).toBe(value);
  });

  test('it needs the tenant’s stations, whatever the station and instant', () => {
    expect(stationMap.needs(defaults, context)).toEqual({ stations: { operationId: 'listStations' } });
  });

  test.each([1, 2])('a configuration of format %s is kept as it is (it has no device variables)', (version) => {
    const config = { name: '地图', projection: 'equirectangular' };
    expect(stationMap.migrate(config, version)).toEqual(config);
  });
});

describe('station map: stations', () => {
  const answer = (data: unknown): SlotState => ({ status: 'ready', data });
  const STATIONS = [
    { sn: 'T2-ST1', name: '张江储能电站', latitude: 31.2, longitude: 121.59 },
    { sn: 'T2-PV1', name: '苏州工业园屋顶光伏', latitude: 31.3, longitude: 120.72 },
    { sn: 'T2-X', name: '新站' },
    { sn: 'T2-Y', name: '坐标错误', latitude: 120, longitude: 31 },
  ];

  test('stations with a place are placed, the current one last (on top); the others are named apart', () => {
    const { placed, unplaced } = stationsOf(answer(STATIONS), 'T2-ST1');
    expect(placed.map((station) => [station.sn, station.current])).toEqual([
      ['T2-PV1', false],
      ['T2-ST1', true],
    ]);
    expect(placed[1]).toMatchObject({ longitude: 121.59, latitude: 31.2 });
    expect(unplaced).toEqual(['新站', '坐标错误']);
  });

  test.each<[string, SlotState | undefined]>([
    ['not asked', undefined],
    ['loading', { status: 'loading' }],
    ['failed', { status: 'error', code: 500, message: 'x' }],
    ['no stations', answer([])],
  ])('%s: nothing is placed', (_case, slot) => {
    expect(stationsOf(slot, 'T2-ST1')).toEqual({ placed: [], unplaced: [] });
  });
});

type Item = {
  name: string;
  value: [number, number];
  symbolSize: number;
  itemStyle: { color: string };
  label?: { color: string; fontWeight: number };
};
type Drawn = {
  tooltip: { trigger: string; formatter: string };
  geo: {
    map: string;
    projection: { project(point: number[]): number[]; unproject(point: number[]): number[] };
    boundingCoords: [number, number][];
  };
  series: {
    type: string;
    coordinateSystem: string;
    label: { show: boolean; formatter(params: { dataIndex: number }): string };
    data: Item[];
  }[];
};

describe('station map: the chart', () => {
  const look: StationMapLook = {
    current: '#1677ff',
    other: '#13c2c2',
    text: '#111',
    currentText: '#0958d9',
    halo: '#fff',
    currentName: (name) => `${name} (current station)`,
  };
  const PLACED: PlacedStation[] = [
    { sn: 'T2-PV1', name: '苏州工业园屋顶光伏', current: false, longitude: 120.72, latitude: 31.3 },
    { sn: 'T2-EMS1', name: '杭州综合能源站', current: false, longitude: 120.02, latitude: 30.28 },
    { sn: 'T2-ST1', name: '储能示范站', current: true, longitude: 121.59, latitude: 31.2 },
  ];
  const drawn = (config: Partial<StationMapConfig>, placed = PLACED) =>
    stationMapOption({ ...defaults, ...config }, placed, look) as unknown as Drawn;

  test('the stations are markers at their longitude and latitude on the land, the current one larger and in the primary colour', () => {
    const [series] = drawn({}).series;
    expect(series).toMatchObject({ type: 'scatter', coordinateSystem: 'geo' });
    expect(series?.data.map(({ name, value, symbolSize, itemStyle }) => [name, value, symbolSize, itemStyle.color])).toEqual([
      ['苏州工业园屋顶光伏', [120.72, 31.3], SYMBOL_SIZE.other, '#13c2c2'],
      ['杭州综合能源站', [120.02, 30.28], SYMBOL_SIZE.other, '#13c2c2'],
      ['储能示范站 (current station)', [121.59, 31.2], SYMBOL_SIZE.current, '#1677ff'],
    ]);
    expect(SYMBOL_SIZE.current).toBeGreaterThan(SYMBOL_SIZE.other);
    expect(series?.data[2]?.label).toEqual({ color: '#0958d9', fontWeight: 600 });
  });

  test.each([true, false])('names beside the markers: %s; always in the tooltip', (showNames) => {
    const option = drawn({ showNames });
    const [series] = option.series;
    expect(series?.label.show).toBe(showNames);
    // The label is the name alone; the tooltip writes the item's name (escaped by ECharts), which says which station is current.
    expect(series?.label.formatter({ dataIndex: 2 })).toBe('储能示范站');
    expect(option.tooltip).toEqual({ trigger: 'item', formatter: '{b}' });
  });

  test.each(['mercator', 'equirectangular'] as const)('the land outline drawn in the %s projection', (projection) => {
    const { geo } = drawn({ projection });
    expect(geo.map).toBe(LAND_MAP);
    const { x, y } = project(121.59, 31.2, projection);
    expect(geo.projection.project([121.59, 31.2])).toEqual([x, y]);
    const [longitude, latitude] = geo.projection.unproject([x, y]);
    expect(longitude).toBeCloseTo(121.59, 9);
    expect(latitude).toBeCloseTo(31.2, 9);
  });

  test('the view is the fitted window, in longitude and latitude', () => {
    const { geo } = drawn({ projection: 'mercator', minSpan: 8 });
    const window = fitWindow(
      PLACED.map((station) => project(station.longitude, station.latitude, 'mercator')),
      8,
    );
    expect(geo.boundingCoords).toEqual([
      unproject({ x: window.left, y: window.top }, 'mercator'),
      unproject({ x: window.right, y: window.bottom }, 'mercator'),
    ]);
  });

  test('no station: no marker, the whole width of the world', () => {
    const option = drawn({}, []);
    expect(option.series[0]?.data).toEqual([]);
    expect(option.geo.boundingCoords.map(([longitude]) => longitude)).toEqual([-180, 180]);
  });

  describe('as ECharts draws it in a box', () => {
    const BOX = { width: 400, height: 200 };
    const chartOf = async (option: Drawn, box: HTMLElement = document.createElement('div')) => {
      const { init, registerMap } = await loadCharts();
      registerMap(LAND_MAP, landGeoJson(rings));
      const chart = init(box, undefined, BOX);
      chart.setOption(option as never);
      return chart;
    };

    test.each([
      ['one station, wide box', [PLACED[2] as PlacedStation], 8],
      ['three nearby', PLACED, 8],
      [
        'across the country',
        [
          ...PLACED,
          { sn: 'S', name: '深圳', current: false, longitude: 113.9, latitude: 22.53 },
          { sn: 'B', name: '北京', current: false, longitude: 116.5, latitude: 39.8 },
        ],
        8,
      ],
    ] as const)('%s: every station with room around it, at least minSpan wide', async (_case, placed, minSpan) => {
      for (const projection of ['mercator', 'equirectangular'] as const) {
        const chart = await chartOf(drawn({ projection, minSpan }, [...placed]));
        for (const station of placed) {
          const [x = NaN, y = NaN] = chart.convertToPixel({ geoIndex: 0 }, [station.longitude, station.latitude]);
          expect(x).toBeGreaterThan(BOX.width * 0.1);
          expect(x).toBeLessThan(BOX.width * 0.9);
          expect(y).toBeGreaterThan(BOX.height * 0.1);
          expect(y).toBeLessThan(BOX.height * 0.9);
        }
        const [west = NaN] = chart.convertFromPixel({ geoIndex: 0 }, [0, BOX.height / 2]);
        const [east = NaN] = chart.convertFromPixel({ geoIndex: 0 }, [BOX.width, BOX.height / 2]);
        expect(east - west).toBeGreaterThanOrEqual(minSpan - 1e-6);
        // Not stretched: a map unit east is as many pixels as one north.
        const { x, y } = project(placed[0].longitude, placed[0].latitude, projection);
        const pixel = (point: { x: number; y: number }) =>
          chart.convertToPixel({ geoIndex: 0 }, unproject(point, projection)) as [number, number];
        const [x0, y0] = pixel({ x, y });
        expect(pixel({ x: x + 1, y })[0] - x0).toBeCloseTo(y0 - pixel({ x, y: y - 1 })[1], 6);
        chart.dispose();
      }
    });

    test('a marker’s tooltip names its station, as written (not read as HTML)', async () => {
      const box = document.body.appendChild(document.createElement('div'));
      const placed = [{ ...(PLACED[2] as PlacedStation), name: '<b>储能</b>' }];
      const chart = await chartOf(drawn({ showNames: false }, placed), box);
      chart.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: 0 });
      await vi.waitFor(() => expect(box.textContent).toContain('<b>储能</b> (current station)'));
      expect(box.querySelector('b')).toBeNull();
      chart.dispose();
      box.remove();
    });

    test('one station is in the middle, exactly minSpan across the box', async () => {
      const chart = await chartOf(drawn({ minSpan: 8 }, [PLACED[2] as PlacedStation]));
      const [x = NaN, y = NaN] = chart.convertToPixel({ geoIndex: 0 }, [121.59, 31.2]);
      expect(x).toBeCloseTo(200, 6);
      expect(y).toBeCloseTo(100, 6);
      const [west = NaN] = chart.convertFromPixel({ geoIndex: 0 }, [0, 100]);
      const [east = NaN] = chart.convertFromPixel({ geoIndex: 0 }, [400, 100]);
      expect(east - west).toBeCloseTo(8, 6);
      chart.dispose();
    });
  });
});
