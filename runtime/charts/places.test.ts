import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import land from './land.json';
import { decodeLand, fitWindow, landGeoJson, project, unproject, type LandRing, type MapWindow } from './places';

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

describe('maps: projection', () => {
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
    [121.59, 31.2, 'mercator'],
    [-70, -55.5, 'mercator'],
    [10, 84.9, 'mercator'],
    [121.59, 31.2, 'equirectangular'],
    [-180, -60, 'equirectangular'],
  ] as const)('(%s, %s) in %s, projected and back, is where it was', (longitude, latitude, projection) => {
    const [x, y] = unproject(project(longitude, latitude, projection), projection);
    expect(x).toBeCloseTo(longitude, 9);
    expect(y).toBeCloseTo(latitude, 9);
  });
});

describe('maps: the window shown', () => {
  const width = (window: MapWindow) => window.right - window.left;
  const height = (window: MapWindow) => window.bottom - window.top;

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
  ])('points %o with a least width of %s show %s degrees across', (points, minSpan, across) => {
    expect(width(fitWindow(points, minSpan))).toBeCloseTo(across, 6);
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
  ])('every place of %o is in the window, with room around it', (points) => {
    const window = fitWindow(points, 8);
    for (const point of points) {
      expect(point.x).toBeGreaterThan(window.left + width(window) * 0.1);
      expect(point.x).toBeLessThan(window.right - width(window) * 0.1);
      expect(point.y).toBeGreaterThanOrEqual(window.top + height(window) * 0.1);
      expect(point.y).toBeLessThanOrEqual(window.bottom - height(window) * 0.1);
    }
  });

  test('one place is in the middle of the window, which has a height to fit by', () => {
    const window = fitWindow([{ x: 121.59, y: -32.7 }], 8);
    expect((window.left + window.right) / 2).toBeCloseTo(121.59, 9);
    expect((window.top + window.bottom) / 2).toBeCloseTo(-32.7, 9);
    expect(height(window)).toBeGreaterThan(0);
  });
});

describe('maps: land', () => {
  test('the land outline ships with the app, under 60 kB', () => {
    expect(statSync(join(process.cwd(), 'runtime/charts/land.json')).size).toBeLessThan(60_000);
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

  test('the outline is registered as one region of land, each ring a polygon of longitudes and latitudes', () => {
    const ring: LandRing = [
      [120, 30],
      [122, 30],
      [122, 32],
      [120, 30],
    ];
    expect(landGeoJson([ring, ring])).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'land' }, geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] } },
      ],
    });
  });

  test('every ring of the outline is closed, as GeoJSON wants', () => {
    for (const ring of rings) expect(ring.at(-1)).toEqual(ring[0]);
  });
});
