import type { SlotState } from '../../runtime/dashboard';

export type MapProjection = 'mercator' | 'equirectangular';

export interface StationMapConfig {
  [field: string]: unknown;
  name: string;
  icon: string;
  projection: MapProjection;
  minSpan: number;
  showNames: boolean;
}

/** A point on the flat map: x grows east, y grows south (as on a screen), both in degrees at the equator. */
export interface MapPoint {
  x: number;
  y: number;
}

/** The part of the flat map a box shows: its north-west corner and the pixels per map unit. */
export interface MapWindow {
  x: number;
  y: number;
  scale: number;
}

export interface BoxSize {
  width: number;
  height: number;
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

/**
 * A longitude and latitude on the flat map. Mercator keeps the shape of small areas (a
 * province looks as on any web map); equirectangular takes latitude as it is.
 */
export function project(longitude: number, latitude: number, projection: MapProjection): MapPoint {
  const phi = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const north = projection === 'mercator' ? Math.log(Math.tan(Math.PI / 4 + (phi * RADIAN) / 2)) / RADIAN : phi;
  return { x: longitude, y: -north };
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

/** Share of the stations' extent added around them. */
const PADDING = 0.25;

/**
 * The window that shows every point with room around it, at least `minSpan` map units wide (and
 * as high in proportion), centred on the points; the whole width of the world when there are none.
 */
export function fitWindow(points: MapPoint[], box: BoxSize, minSpan: number): MapWindow {
  const aspect = box.height / box.width;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [left, right, top, bottom] = points.length
    ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    : [-180, 180, -90, 90];
  const span = points.length ? Math.max(minSpan, 1e-6) : 0;
  const padding = points.length ? 1 + 2 * PADDING : 1;
  const width = Math.max(span, (right - left) * padding);
  const height = Math.max(span * aspect, (bottom - top) * padding);
  const scale = Math.min(box.width / width, box.height / height);
  return {
    x: (left + right) / 2 - box.width / (2 * scale),
    y: (top + bottom) / 2 - box.height / (2 * scale),
    scale,
  };
}

/** A point of the flat map in the box's pixels. */
export function toBox(point: MapPoint, window: MapWindow): MapPoint {
  return { x: (point.x - window.x) * window.scale, y: (point.y - window.y) * window.scale };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The SVG path of the land that the box shows (rings wholly outside it are left out), in the
 * box's pixels.
 */
export function landPath(rings: LandRing[], projection: MapProjection, window: MapWindow, box: BoxSize): string {
  const parts: string[] = [];
  for (const ring of rings) {
    const points = ring.map(([longitude, latitude]) => toBox(project(longitude, latitude, projection), window));
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    if (Math.max(...xs) < 0 || Math.min(...xs) > box.width || Math.max(...ys) < 0 || Math.min(...ys) > box.height) continue;
    parts.push(`M${points.map((point) => `${round(point.x)} ${round(point.y)}`).join('L')}Z`);
  }
  return parts.join('');
}

/** A station with a place on the map. */
export interface PlacedStation {
  sn: string;
  name: string;
  /** The dashboard's station. */
  current: boolean;
  point: MapPoint;
}

interface StationRecord {
  sn: string;
  name: string;
  latitude?: number;
  longitude?: number;
}

const located = (station: StationRecord): station is StationRecord & { latitude: number; longitude: number } =>
  Number.isFinite(station.latitude) &&
  Number.isFinite(station.longitude) &&
  Math.abs(station.latitude ?? NaN) <= 90 &&
  Math.abs(station.longitude ?? NaN) <= 180;

/** The stations of the `listStations` answer: those with a place, and the names of those without. */
export function stationsOf(
  slot: SlotState | undefined,
  currentSn: string,
  projection: MapProjection,
): { placed: PlacedStation[]; unplaced: string[] } {
  const records = slot?.status === 'ready' && Array.isArray(slot.data) ? (slot.data as StationRecord[]) : [];
  const placed = records.filter(located).map((station) => ({
    sn: station.sn,
    name: station.name,
    current: station.sn === currentSn,
    point: project(station.longitude, station.latitude, projection),
  }));
  // The current station is drawn last, so that it lies on top of its neighbours.
  placed.sort((a, b) => Number(a.current) - Number(b.current));
  return { placed, unplaced: records.filter((station) => !located(station)).map((station) => station.name) };
}

/** Where a station's name is written, relative to its marker. */
export interface LabelPlace {
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}

/** The width of a text in pixels, roughly: a Chinese character is as wide as the font is high, a Latin one a little over half. */
export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? fontSize : fontSize * 0.6;
  return width;
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * A place for each station's name beside its marker: right, left, above or below, the first that
 * overlaps no marker and no name placed before and stays in the box; the current station's
 * name is placed first. Where none is free, the name goes right of its marker.
 */
export function placeLabels(
  stations: { name: string; at: MapPoint; current: boolean }[],
  fontSize: number,
  box: BoxSize,
): LabelPlace[] {
  const gap = 8;
  const markers: Rect[] = stations.map(({ at }) => ({ left: at.x - 6, top: at.y - 6, right: at.x + 6, bottom: at.y + 6 }));
  const taken: Rect[] = [];
  const places: LabelPlace[] = new Array<LabelPlace>(stations.length);
  const order = stations.map((_, index) => index).sort((a, b) => Number(stations[b]?.current) - Number(stations[a]?.current));
  for (const index of order) {
    const station = stations[index];
    if (!station) continue;
    const { x, y } = station.at;
    const width = textWidth(station.name, fontSize);
    const candidates: { place: LabelPlace; rect: Rect }[] = [
      {
        place: { x: x + gap, y, anchor: 'start' },
        rect: { left: x + gap, right: x + gap + width, top: y - fontSize / 2, bottom: y + fontSize / 2 },
      },
      {
        place: { x: x - gap, y, anchor: 'end' },
        rect: { left: x - gap - width, right: x - gap, top: y - fontSize / 2, bottom: y + fontSize / 2 },
      },
      {
        place: { x, y: y - gap - fontSize / 2, anchor: 'middle' },
        rect: { left: x - width / 2, right: x + width / 2, top: y - gap - fontSize, bottom: y - gap },
      },
      {
        place: { x, y: y + gap + fontSize / 2, anchor: 'middle' },
        rect: { left: x - width / 2, right: x + width / 2, top: y + gap, bottom: y + gap + fontSize },
      },
    ];
    const inside = (rect: Rect) => rect.left >= 0 && rect.top >= 0 && rect.right <= box.width && rect.bottom <= box.height;
    const free = candidates.find(
      ({ rect }) =>
        inside(rect) &&
        !taken.some((other) => overlaps(rect, other)) &&
        !markers.some((marker, at) => at !== index && overlaps(rect, marker)),
    );
    const chosen = free ?? candidates.find(({ rect }) => inside(rect)) ?? candidates[0];
    if (!chosen) continue;
    taken.push(chosen.rect);
    places[index] = chosen.place;
  }
  return places;
}
