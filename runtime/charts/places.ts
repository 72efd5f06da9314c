import type { ChartOption } from './option';

/** How the round earth is drawn flat (see `project`). */
export type MapProjection = 'mercator' | 'equirectangular';

/** A point on the flat map: x grows east, y grows south (as on a screen), both in degrees at the equator. */
export interface MapPoint {
  x: number;
  y: number;
}

/** A part of the flat map: its west, north, east and south edges, in map units. */
export interface MapWindow {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The land outline as `land.json` holds it (see generateLand.ts). */
export interface LandFile {
  scale: number;
  rings: string[];
}

/** A ring of land as [longitude, latitude] pairs. */
export type LandRing = [number, number][];

/** Mercator runs to infinity at the poles; the map stops where web maps do. */
export const MAX_LATITUDE = 85;
const RADIAN = Math.PI / 180;

/** The name the land outline is registered under with ECharts (`registerMap`), and drawn by. */
export const LAND_MAP = 'land';

/**
 * A longitude and latitude on the flat map. Mercator keeps the shape of small areas (a
 * province looks as on any web map); equirectangular takes latitude as it is.
 */
export function project(longitude: number, latitude: number, projection: MapProjection): MapPoint {
  const phi = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const north = projection === 'mercator' ? Math.log(Math.tan(Math.PI / 4 + (phi * RADIAN) / 2)) / RADIAN : phi;
  return { x: longitude, y: -north };
}

/** The longitude and latitude of a point of the flat map (`project` undone). */
export function unproject(point: MapPoint, projection: MapProjection): [longitude: number, latitude: number] {
  const north = -point.y;
  return [point.x, projection === 'mercator' ? (2 * Math.atan(Math.exp(north * RADIAN)) - Math.PI / 2) / RADIAN : north];
}

/** The rings of the land file: each text is pairs of differences from the pair before, in 1/scale degree. */
export function decodeLand(file: LandFile): LandRing[] {
  return file.rings.map((text) => {
    const numbers = text.split(' ').map(Number);
    const ring: LandRing = [];
    let x = 0;
    let y = 0;
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      x += numbers[i] ?? 0;
      y += numbers[i + 1] ?? 0;
      ring.push([x / file.scale, y / file.scale]);
    }
    return ring;
  });
}

/** The land as ECharts registers a map: one region of all the rings (land has no parts to tell apart). */
export interface LandGeoJson {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: { name: string };
    geometry: { type: 'MultiPolygon'; coordinates: LandRing[][] };
  }[];
}

/** The rings as GeoJSON, each an outer ring without holes (lakes are not drawn). */
export function landGeoJson(rings: LandRing[]): LandGeoJson {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: LAND_MAP },
        geometry: { type: 'MultiPolygon', coordinates: rings.map((ring) => [ring]) },
      },
    ],
  };
}

/** Share of the stations' extent added around them. */
const PADDING = 0.25;
/**
 * How many times wider than high a window may be. ECharts fits the window in the chart's box
 * whole, keeping its shape, so only its width holds the least span; but a window without height
 * (stations on one latitude) has no shape to keep.
 */
const FLATTEST = 100;

/**
 * The window that shows every point with room around it, at least `minSpan` map units wide,
 * centred on the points; the whole width of the world when there are none.
 */
export function fitWindow(points: MapPoint[], minSpan: number): MapWindow {
  if (!points.length) return { left: -180, top: -90, right: 180, bottom: 90 };
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = Math.max(minSpan, 1e-6, (right - left) * (1 + 2 * PADDING));
  const height = Math.max(width / FLATTEST, (bottom - top) * (1 + 2 * PADDING));
  const [x, y] = [(left + right) / 2, (top + bottom) / 2];
  return { left: x - width / 2, top: y - height / 2, right: x + width / 2, bottom: y + height / 2 };
}

/** Whether a record has a longitude and latitude a map can draw it at. */
export const located = <T extends { longitude?: unknown; latitude?: unknown }>(
  record: T,
): record is T & { longitude: number; latitude: number } =>
  typeof record.longitude === 'number' &&
  typeof record.latitude === 'number' &&
  Math.abs(record.longitude) <= 180 &&
  Math.abs(record.latitude) <= 90;

/** A place drawn on the map: a marker at its longitude and latitude, named beside it and in its tooltip. */
export interface MapPlace {
  /** The name beside the marker. */
  name: string;
  /** What the marker's tooltip says (its name, and what else the map tells of it). */
  tooltip: string;
  longitude: number;
  latitude: number;
  /** Marker diameter, px. */
  size: number;
  /** The marker's colour; its name's colour and weight, where they differ from the map's. */
  color: string;
  label?: { color: string; fontWeight: number };
  /** A glow around the marker, in its colour (the place the map is about). */
  glow?: boolean;
}

/** How a map is drawn: its projection, the least span it shows, whether names stand beside markers. */
export interface MapView {
  projection: MapProjection;
  /** The least width shown, map units (degrees at the equator). */
  minSpan: number;
  showNames: boolean;
  /** Names beside the markers. */
  text: string;
  /** The ring around markers and names, in the colour of the map's ground, that keeps them apart from the land. */
  halo: string;
}

/**
 * The ECharts option of a map: the land outline (the registered `LAND_MAP`) drawn by `geo` in the
 * view's projection, fitted to the places (`fitWindow`: all of them with room around, at least
 * `minSpan` wide, the window kept whole in any box); the places a scatter series on it, in the
 * order given (the last on top), their names beside them where asked (a name that would overlap
 * another is left out, the later kept) and always in the tooltip, as written (not read as HTML).
 */
export function placesOption(places: MapPlace[], view: MapView): ChartOption {
  const { projection } = view;
  const window = fitWindow(
    places.map((place) => project(place.longitude, place.latitude, projection)),
    view.minSpan,
  );
  return {
    tooltip: { trigger: 'item', formatter: '{b}' },
    geo: {
      map: LAND_MAP,
      projection: {
        project: ([longitude = 0, latitude = 0]) => {
          const { x, y } = project(longitude, latitude, projection);
          return [x, y];
        },
        unproject: ([x = 0, y = 0]) => unproject({ x, y }, projection),
      },
      boundingCoords: [
        unproject({ x: window.left, y: window.top }, projection),
        unproject({ x: window.right, y: window.bottom }, projection),
      ],
      // The whole box, the window fitted in it whole; land beyond the window is drawn too.
      left: 0,
      right: 0,
      top: 0,
      bottom: 0,
      preserveAspect: 'contain',
      // The land tells nothing on hover.
      silent: true,
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        geoIndex: 0,
        // The window holds every place; a marker at its edge is drawn whole.
        clip: false,
        label: {
          show: view.showNames,
          position: 'right',
          distance: 6,
          fontSize: 12,
          color: view.text,
          textBorderColor: view.halo,
          textBorderWidth: 3,
          formatter: ({ dataIndex }) => places[dataIndex]?.name ?? '',
        },
        // Names that would overlap are left out, the later (larger, on top) marker's kept.
        labelLayout: { hideOverlap: true },
        data: places.map((place) => ({
          name: place.tooltip,
          value: [place.longitude, place.latitude],
          symbolSize: place.size,
          itemStyle: {
            color: place.color,
            borderColor: view.halo,
            borderWidth: 1.5,
            ...(place.glow ? { shadowColor: place.color, shadowBlur: 8 } : {}),
          },
          ...(place.label ? { label: place.label } : {}),
        })),
      },
    ],
  };
}
