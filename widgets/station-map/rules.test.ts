import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/stationMap.json';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { stationMap } from '.';
import land from './land.json';
import {
  decodeLand,
  fitWindow,
  landPath,
  placeLabels,
  project,
  stationsOf,
  textWidth,
  toBox,
  type LandRing,
  type StationMapConfig,
} from './rules';

const defaults = configDefaults(schema as never) as StationMapConfig;
const context = {
  station: { sn: 'T2-ST1', name: '张江储能电站', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const BOX = { width: 400, height: 200 };

/** Whether a point lies inside a ring (ray casting). */
function inside([x, y]: [number, number], ring: LandRing): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}
const rings = decodeLand(land);
const onLand = (longitude: number, latitude: number) => rings.some((ring) => inside([longitude, latitude], ring));

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

describe('station map: projection', () => {
  test.each([
    [0, 0, 'mercator', 0, 0],
    [121.59, 31.2, 'equirectangular', 121.59, -31.2],
    [10, 45, 'mercator', 10, -50.4987],
    [10, -45, 'mercator', 10, 50.4987],
    [0, 85, 'mercator', 0, -179.4104],
    [0, 90, 'mercator', 0, -179.4104],
    [0, 90, 'equirectangular', 0, -85],
  ] as const)('(%s, %s) in %s is x %s, y %s (north up; Mercator stops at 85°)', (longitude, latitude, projection, x, y) => {
    const point = project(longitude, latitude, projection);
    expect(point.x).toBeCloseTo(x, 3);
    expect(point.y).toBeCloseTo(y, 3);
  });

  test.each([
    [[{ x: 120, y: -31 }], 8, 8],
    [
      [
        { x: 100, y: -30 },
        { x: 130, y: -30 },
      ],
      8,
      45,
    ],
    [[], 8, 360],
  ])('points %o with a least width of %s show %s degrees across', (points, minSpan, width) => {
    const frame = fitWindow(points, BOX, minSpan);
    expect(BOX.width / frame.scale).toBeCloseTo(width, 6);
  });

  test.each([
    [[{ x: 121.59, y: -32.7 }]],
    [
      [
        { x: 121.59, y: -32.7 },
        { x: 120.72, y: -32.8 },
        { x: 120.02, y: -31.6 },
      ],
    ],
    [
      [
        { x: 102.8, y: -25.5 },
        { x: 116.5, y: -43.4 },
      ],
    ],
  ])('every station of %o is in the box, with room around it', (points) => {
    const frame = fitWindow(points, BOX, 8);
    for (const point of points) {
      const { x, y } = toBox(point, frame);
      expect(x).toBeGreaterThan(BOX.width * 0.1);
      expect(x).toBeLessThan(BOX.width * 0.9);
      expect(y).toBeGreaterThan(BOX.height * 0.1);
      expect(y).toBeLessThan(BOX.height * 0.9);
    }
  });

  test('one station is in the middle of the box', () => {
    expect(toBox({ x: 121.59, y: -32.7 }, fitWindow([{ x: 121.59, y: -32.7 }], BOX, 8))).toEqual({ x: 200, y: 100 });
  });
});

describe('station map: land', () => {
  test('the land outline ships with the app, under 60 kB', () => {
    expect(statSync(join(process.cwd(), 'widgets/station-map/land.json')).size).toBeLessThan(60_000);
  });

  test('rings are decoded from differences in 1/scale degree', () => {
    expect(decodeLand({ scale: 20, rings: ['2400 600 20 0 0 -20'] })).toEqual([
      [
        [120, 30],
        [121, 30],
        [121, 29],
      ],
    ]);
  });

  test('every point of the outline is a longitude and latitude', () => {
    expect(rings.length).toBeGreaterThan(100);
    for (const ring of rings) {
      for (const [longitude, latitude] of ring) {
        expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
        expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
      }
    }
  });

  test.each([
    ['Shanghai, Zhangjiang', 121.59, 31.2, true],
    ['Chengdu', 104.07, 30.42, true],
    ['Beijing', 116.5, 39.8, true],
    ['Taiwan', 121, 23.8, true],
    ['Hainan', 109.8, 19.2, true],
    ['East China Sea', 125, 30, false],
    ['South China Sea', 114, 15, false],
    ['Pacific Ocean', -150, 0, false],
  ])('%s (%s, %s) is on land: %s', (_place, longitude, latitude, land) => {
    expect(onLand(longitude, latitude)).toBe(land);
  });

  test('only the rings the box shows are drawn', () => {
    const square: LandRing = [
      [120, 30],
      [122, 30],
      [122, 32],
      [120, 32],
    ];
    const far: LandRing = [
      [0, 0],
      [1, 0],
      [1, 1],
    ];
    const frame = fitWindow([project(121, 31, 'equirectangular')], BOX, 8);
    const path = landPath([square, far], 'equirectangular', frame, BOX);
    expect(path.match(/M/g)).toHaveLength(1);
    expect(path).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){3}Z$/);
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
    const { placed, unplaced } = stationsOf(answer(STATIONS), 'T2-ST1', 'equirectangular');
    expect(placed.map((station) => [station.sn, station.current])).toEqual([
      ['T2-PV1', false],
      ['T2-ST1', true],
    ]);
    expect(placed[1]?.point).toEqual({ x: 121.59, y: -31.2 });
    expect(unplaced).toEqual(['新站', '坐标错误']);
  });

  test.each<[string, SlotState | undefined]>([
    ['not asked', undefined],
    ['loading', { status: 'loading' }],
    ['failed', { status: 'error', code: 500, message: 'x' }],
    ['no stations', answer([])],
  ])('%s: nothing is placed', (_case, slot) => {
    expect(stationsOf(slot, 'T2-ST1', 'mercator')).toEqual({ placed: [], unplaced: [] });
  });
});

describe('station map: names', () => {
  test.each([
    ['张江', 12, 24],
    ['Zhangjiang', 10, 60],
    ['A站', 10, 16],
  ])('%s at %spx is about %spx wide', (text, size, width) => {
    expect(textWidth(text, size)).toBeCloseTo(width, 6);
  });

  test.each([
    ['alone', [{ name: 'A', at: { x: 100, y: 100 }, current: false }], ['start']],
    ['at the right edge', [{ name: '张江储能电站', at: { x: 390, y: 100 }, current: false }], ['end']],
    [
      'beside a neighbour to the right',
      [
        { name: '东莞', at: { x: 100, y: 100 }, current: true },
        { name: '深圳', at: { x: 120, y: 100 }, current: false },
      ],
      ['end', 'start'],
    ],
    [
      'three in a row',
      [
        { name: '甲站', at: { x: 100, y: 100 }, current: false },
        { name: '乙站', at: { x: 112, y: 100 }, current: true },
        { name: '丙站', at: { x: 124, y: 100 }, current: false },
      ],
      ['end', 'middle', 'start'],
    ],
  ])('a name %s goes where it overlaps nothing: %o', (_case, stations, anchors) => {
    const places = placeLabels(stations, 12, BOX);
    expect(places.map((place) => place.anchor)).toEqual(anchors);
  });
});
