import { widgetDataRules, type WidgetContext } from '../../runtime/dashboard/widget';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Camera, CaptureRecord } from '../../generated/types';
import type { CameraConfig } from '../../generated/widgetConfigs';
import type { WidgetConfig } from '../../runtime/dashboard/document';
import type { Needs, SlotState } from '../../runtime/dashboard/needs';

dayjs.extend(utc);
dayjs.extend(timezone);

export type { CameraConfig };

/** A text in the user's language by its key. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The page of captures read for a chosen camera: the smallest page the call takes, enough for the latest and 9 thumbnails. */
export const CAPTURE_PAGE = 10;
/**
 * The station's captures read when no camera is chosen: the first camera is only known from the
 * answer, so its captures are looked for among the station's latest 50 (the largest page).
 */
export const FIRST_CAMERA_WINDOW = 50;
/** Longest side of the latest picture and of the thumbnails, as the files route resizes them. */
export const PICTURE_SIZE = 640;
export const THUMBNAIL_SIZE = 96;

const chosenId = (config: Pick<CameraConfig, 'cameraId'>): number =>
  Number.isInteger(config.cameraId) && config.cameraId > 0 ? config.cameraId : 0;

/** Thumbnails shown, within what the schema allows (0–9; 3 when unset). */
export function thumbnailCount(config: Pick<CameraConfig, 'thumbnails'>): number {
  const count = config.thumbnails;
  return typeof count === 'number' && Number.isInteger(count) ? Math.min(Math.max(count, 0), CAPTURE_PAGE - 1) : 3;
}

/**
 * The calls the widget reads: the station's cameras, and its latest captures — of the chosen
 * camera, or of the whole station when the first camera is shown (kept to that camera's below).
 */
function cameraNeeds(config: CameraConfig, context: WidgetContext): Needs {
  const stationSn = context.station.sn;
  const id = chosenId(config);
  return {
    cameras: { operationId: 'listIpcByStationSn', query: { stationSn } },
    captures: {
      operationId: 'listCaptureRecordByStationSn',
      query: id
        ? { stationSn, ipcId: String(id), current: '1', size: String(CAPTURE_PAGE) }
        : { stationSn, current: '1', size: String(FIRST_CAMERA_WINDOW) },
    },
  };
}

/** The station's cameras of a ready answer, by channel as the call lists them; nothing while there is none. */
export function camerasOf(slot: SlotState | undefined): Camera[] | undefined {
  if (slot?.status !== 'ready') return undefined;
  return Array.isArray(slot.data) ? (slot.data as Camera[]) : [];
}

/** The captures of a ready answer (a page, newest first); nothing while there is none. */
export function capturesOf(slot: SlotState | undefined): CaptureRecord[] | undefined {
  if (slot?.status !== 'ready') return undefined;
  const records = (slot.data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as CaptureRecord[]) : [];
}

/** What the widget shows: the station has no camera, the chosen one is not the station's, or a camera with its captures. */
export type CameraShown =
  | { kind: 'noCameras' }
  | { kind: 'missing' }
  | {
      kind: 'camera';
      camera: Camera;
      /** Newest first: the latest picture, then the thumbnails. */
      captures: readonly CaptureRecord[];
      /** Set when the first camera's captures were looked for among the station's latest ones only, and there are more. */
      window?: number;
    };

/**
 * The camera to show: the chosen one, else the station's first (by channel, an enabled one
 * before a disabled one); with its latest `1 + thumbnails` captures. Nothing until both answers are in.
 */
export function cameraShown(config: CameraConfig, data: Record<string, SlotState>): CameraShown | undefined {
  const cameras = camerasOf(data.cameras);
  const captures = capturesOf(data.captures);
  if (!cameras || !captures) return undefined;
  if (cameras.length === 0) return { kind: 'noCameras' };
  const id = chosenId(config);
  const camera = id ? cameras.find((candidate) => candidate.id === id) : (cameras.find((c) => c.enabled !== false) ?? cameras[0]);
  if (!camera) return { kind: 'missing' };
  const own = captures.filter((capture) => capture.cameraId === camera.id).slice(0, 1 + thumbnailCount(config));
  // A page of the whole station shorter than the window holds all its captures: none is none at all.
  const partial = !id && captures.length >= FIRST_CAMERA_WINDOW;
  return { kind: 'camera', camera, captures: own, ...(partial ? { window: FIRST_CAMERA_WINDOW } : {}) };
}

/** The text shown instead of the widget (no camera, a camera not of the station); none for a camera. */
export function emptyText(t: Translate, shown: CameraShown | undefined): string | false {
  if (shown?.kind === 'noCameras') return t('widgets.camera.noCameras');
  if (shown?.kind === 'missing') return t('widgets.camera.cameraMissing');
  return false;
}

/** The text shown instead of the picture of a camera that has none (among the station's latest, for the first camera). */
export function noCaptureText(t: Translate, window: number | undefined): string {
  return window ? t('widgets.camera.noRecentCapture', { count: window }) : t('widgets.camera.noCapture');
}

/** Pictures are shown only from the files route of this site (a record may come from another client). */
const FILE_PATH = /^\/admin\/sys-file\/[a-z0-9-]{1,40}\/[A-Za-z0-9_-]{8,64}(\.[a-z0-9]{1,8})?$/;

/** The address of a captured picture, resized by the files route to `size` pixels on its longest side. */
export function pictureSource(url: string | undefined, size: number): string | undefined {
  return url && FILE_PATH.test(url) ? `${url}?size=${size}` : undefined;
}

/** When a picture was captured, in the station's zone. */
export function captureTime(time: string | undefined, timeZone: string): string {
  return time ? dayjs(time).tz(timeZone).format('YYYY-MM-DD HH:mm:ss') : '--';
}

/** 'Captured {time} by {user}' (or without the user when none was recorded). */
export function capturedText(t: Translate, capture: Pick<CaptureRecord, 'captureTime' | 'userName'>, timeZone: string): string {
  const time = captureTime(capture.captureTime, timeZone);
  return capture.userName
    ? t('widgets.camera.captured', { time, user: capture.userName })
    : t('widgets.camera.capturedAt', { time });
}

/** The PTZ movements of the contract (`ptc/start/{x}`): 0 up, 1 down, 2 left, 3 right, 4–7 diagonals, 8 zoom in, 9 zoom out. */
export const PTZ = {
  up: 0,
  down: 1,
  left: 2,
  right: 3,
  upLeft: 4,
  downLeft: 5,
  upRight: 6,
  downRight: 7,
  zoomIn: 8,
  zoomOut: 9,
} as const;
export type PtzDirection = (typeof PTZ)[keyof typeof PTZ];

/** The pad's directions as laid out, row by row (the middle is empty). */
export const PTZ_PAD: readonly (readonly (PtzDirection | null)[])[] = [
  [PTZ.upLeft, PTZ.up, PTZ.upRight],
  [PTZ.left, null, PTZ.right],
  [PTZ.downLeft, PTZ.down, PTZ.downRight],
];
export const PTZ_ZOOM: readonly PtzDirection[] = [PTZ.zoomIn, PTZ.zoomOut];

/** Pressing starts a movement, releasing stops it. */
export type PtzPhase = 'start' | 'stop';

/** The call a press (`ptzStart`) or a release (`ptzStop`) of a direction sends for a camera. */
export function ptzCall(cameraId: number, direction: PtzDirection, phase: PtzPhase) {
  return {
    operationId: phase === 'start' ? ('ptzStart' as const) : ('ptzStop' as const),
    params: { id: cameraId, x: direction },
  };
}

/** The keys that press a pad button from the keyboard, as they click a button. */
export const isPressKey = (key: string): boolean => key === 'Enter' || key === ' ';

/** What the pad last did: nothing yet, a movement under way or stopped, or a command that failed. */
export type PtzState =
  | { status: 'idle' }
  | { status: 'moving' | 'stopped'; direction: PtzDirection }
  | { status: 'failed'; direction: PtzDirection; message: string };

/** The name of a movement, as the contract's enumeration calls it. */
export const directionName = (t: Translate, direction: PtzDirection): string => t(`enums.emsAssetPtzDirection.${direction}`);

/** The pad's result line: 'Moving: Up', 'Stopped: Up', 'Up failed: …'; nothing before the first press. */
export function ptzText(t: Translate, state: PtzState): string | undefined {
  if (state.status === 'idle') return undefined;
  const direction = directionName(t, state.direction);
  if (state.status === 'failed') return t('widgets.camera.ptzFailed', { direction, message: state.message });
  return t(state.status === 'moving' ? 'widgets.camera.moving' : 'widgets.camera.stopped', { direction });
}

/**
 * Format 1 named the title `name` and kept numbers typed in forms as text; from format 2 the
 * configuration is current.
 */
export function migrateCamera(config: WidgetConfig, fromVersion: number): WidgetConfig {
  if (fromVersion >= 2) return config;
  const { name, ...rest } = config;
  const migrated: WidgetConfig = typeof name === 'string' && rest.title === undefined ? { ...rest, title: name } : rest;
  for (const field of ['cameraId', 'thumbnails']) {
    const value = migrated[field];
    if (typeof value === 'string' && /^\d+$/.test(value)) migrated[field] = Number(value);
  }
  return migrated;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<CameraConfig>({
  type: 'camera',
  needs: cameraNeeds,
});
