import type { TenantScope } from '../auth/context';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { CallContext, Handler, Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { stationOf } from '../telemetry/lookup';
import { allRecords, equals } from './records';

/** Movements a PTZ camera takes, by the code the `ptc` calls carry: 0–7 pan and tilt, 8–9 zoom, 10–11 focus. */
export const PTZ_DIRECTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

/** A camera of the caller's tenant, or 404. */
export function cameraOf(call: CallContext, id: unknown): Promise<EntityRecord> {
  return call.services.repository.get(call.scope(), 'camera', Number(id));
}

/** `GET ipc/ipcGroup/list`: the camera groups (of a station, when given), each with its cameras. */
export const listIpcGroups: Handler = async (call) => {
  const stationSn = call.query.stationSn as string | undefined;
  const station = stationSn ? await stationOf(call, stationSn) : undefined;
  const where = station ? [equals('stationId', station.id)] : [];
  const groups = await allRecords(call, 'ipcGroup', where, 'sorting');
  const cameras = await allRecords(call, 'camera', where, 'channelNo');
  return groups.map((group) => ({ ...group, ipcs: cameras.filter((camera) => camera.groupId === group.id) }));
};

/** `GET ipc/ipc/listIpcByStationSn`: the cameras of a station of the tenant. */
export const listIpcByStationSn: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  return allRecords(call, 'camera', [equals('stationId', station.id)], 'channelNo');
};

/** The open movement of a camera in a direction: the newest command without a stop time. */
async function openCommand(call: CallContext, cameraId: number, direction: number): Promise<EntityRecord | undefined> {
  const { records } = await call.services.repository.list(call.scope(), 'ptzCommand', {
    filters: [equals('cameraId', cameraId), equals('direction', direction)],
    sortField: 'id',
    sortOrder: 'desc',
    current: 1,
    size: 1,
  });
  const [latest] = records;
  return latest && latest.stopTime === undefined ? latest : undefined;
}

/**
 * Starts or stops a PTZ movement, recorded with the user and the time: a start opens a command
 * (one already open in that direction is stopped first), a stop closes the open one, or is
 * recorded alone when nothing was started. A camera without PTZ refuses both (400).
 */
async function ptz(call: CallContext, cameraId: number, direction: number, action: 'start' | 'stop', speed: number) {
  const scope = call.scope();
  const camera = await cameraOf(call, cameraId);
  if (camera.ptz !== true) throw new ApiError('cameraNoPtz');
  const { repository } = call.services;
  const now = new Date().toISOString();
  const open = await openCommand(call, cameraId, direction);
  const stop = { stopTime: now, stoppedBy: scope.userName };
  if (action === 'stop') {
    if (open) return repository.patch(scope, 'ptzCommand', Number(open.id), {}, { set: stop });
    return repository.create(
      scope,
      'ptzCommand',
      {},
      { set: { cameraId, direction, userName: scope.userName, startTime: now, ...stop } },
    );
  }
  if (open) await repository.patch(scope, 'ptzCommand', Number(open.id), {}, { set: stop });
  return repository.create(
    scope,
    'ptzCommand',
    {},
    { set: { cameraId, direction, speed, userName: scope.userName, startTime: now } },
  );
}

/** `POST ipc/ipc/{id}/ptc/start/{x}`. */
export const ptzStart: Handler = (call) =>
  ptz(call, Number(call.params.id), Number(call.params.x), 'start', Number(call.query.speed ?? 4));

/** `POST ipc/ipc/{id}/ptc/stop/{x}`. */
export const ptzStop: Handler = (call) => ptz(call, Number(call.params.id), Number(call.params.x), 'stop', 0);

/** `GET ipc/ipc/{id}/ptc/records`: a page of the camera's PTZ commands, newest first. */
export const listPtzCommands: Handler = async (call) => {
  const { current, size } = call.query as { current: number; size: number };
  const camera = await cameraOf(call, call.params.id);
  const page = await call.services.repository.list(call.scope(), 'ptzCommand', {
    filters: [equals('cameraId', camera.id)],
    sortField: 'id',
    sortOrder: 'desc',
    current,
    size,
  });
  return { ...page, current, size };
};

/** `POST ipc/guard/{id}/controlling`: the same PTZ commands, with the movement in the body. */
export const guardControlling: Handler = (call) => {
  const body = call.body as { direction: number; action: 'start' | 'stop'; speed?: number };
  return ptz(call, Number(call.params.id), body.direction, body.action, body.speed ?? 4);
};

/** What a capture record names: the camera, and the picture uploaded for it (by bucket and stored name). */
export interface CaptureInput {
  ipcId: number;
  bucketName: string;
  fileName: string;
}

/**
 * Records a picture captured from a camera of the tenant (404 for another's), by the signed-in
 * user, at `captureTime` (now unless told). The picture must be an uploaded picture of the
 * tenant: 404 for one of another tenant or none, 400 for a file that is not a picture.
 */
export async function recordCapture(
  services: Services,
  scope: TenantScope,
  { ipcId, bucketName, fileName }: CaptureInput,
  captureTime = new Date().toISOString(),
): Promise<EntityRecord> {
  const camera = await services.repository.get(scope, 'camera', ipcId);
  const file = await tenantData(services.database, scope.tenantId)
    .selectFrom('sysFile')
    .select(['originalFilename', 'contentType'])
    .where('tenantId', '=', scope.tenantId)
    .where('bucketName', '=', bucketName)
    .where('fileName', '=', fileName)
    .executeTakeFirst();
  if (!file) throw new ApiError('notFound');
  if (!file.contentType.startsWith('image/')) throw new ApiError('notAPicture');
  return services.repository.create(
    scope,
    'captureRecord',
    {},
    {
      set: {
        cameraId: Number(camera.id),
        stationId: Number(camera.stationId),
        bucketName,
        fileName,
        originalFilename: file.originalFilename,
        url: `/admin/sys-file/${bucketName}/${fileName}`,
        userName: scope.userName,
        captureTime,
      },
    },
  );
}

/** `POST ipc/ipc/addCapturePic`: records a picture captured from a camera; the picture was uploaded first. */
export const addCapturePic: Handler = (call) => recordCapture(call.services, call.scope(), call.body as CaptureInput);

/** `GET ipc/ipc/listCaptureRecordByStationSn`: a page of a station's captured pictures, newest first. */
export const listCaptureRecords: Handler = async (call) => {
  const { current, size, ipcId } = call.query as { current: number; size: number; ipcId?: number };
  const station = await stationOf(call, String(call.query.stationSn));
  const filters = [equals('stationId', station.id), ...(ipcId ? [equals('cameraId', ipcId)] : [])];
  const page = await call.services.repository.list(call.scope(), 'captureRecord', {
    filters,
    sortField: 'captureTime',
    sortOrder: 'desc',
    current,
    size,
  });
  return { ...page, current, size };
};

/** `GET ipc/ipc/captureRecord/{id}`. */
export const getCaptureRecord: Handler = (call) =>
  call.services.repository.get(call.scope(), 'captureRecord', Number(call.params.id));

/** `GET ipc/guard/{id}/camera`. */
export const guardCamera: Handler = (call) => cameraOf(call, call.params.id);

/** `GET ipc/guard/{id}/platform`: the camera group the camera is reached through. */
export const guardPlatform: Handler = async (call) => {
  const camera = await cameraOf(call, call.params.id);
  return call.services.repository.get(call.scope(), 'ipcGroup', Number(camera.groupId));
};

/** `GET ipc/guard/{id}/type`: the camera's platform, PTZ, the movements it takes and the kinds of events. */
export const guardType: Handler = async (call) => {
  const camera = await cameraOf(call, call.params.id);
  const group = await call.services.repository.get(call.scope(), 'ipcGroup', Number(camera.groupId));
  const eventTypes = call.services.repository.model('guardEvent').field('eventType')?.values ?? [];
  return {
    cameraId: Number(camera.id),
    platform: String(group.platform),
    ptz: camera.ptz === true,
    directions:
      camera.ptz === true ? PTZ_DIRECTIONS.map((code) => ({ code, name: call.t(`enums.emsAssetPtzDirection.${code}`) })) : [],
    eventTypes: eventTypes.map((code) => ({ code, name: call.t(`enums.emsAssetGuardEventType.${code}`) })),
  };
};

/** `POST ipc/guard/event`: an event a guarding camera reported, unconfirmed whatever the body says. */
export const addGuardEvent: Handler = (call) =>
  call.services.repository.create(call.scope(), 'guardEvent', call.body as EntityRecord, { set: { status: 'unconfirmed' } });

/**
 * `POST ipc/guard/event/confirm`: confirms unconfirmed events with what was found, recording the
 * signed-in user and the time; one already confirmed refuses the whole call (409), nothing written.
 */
export const confirmGuardEvents: Handler = async (call) => {
  const scope = call.scope();
  const { ids, confirmInfo } = call.body as { ids: number[]; confirmInfo?: string };
  const { repository } = call.services;
  const confirmTime = new Date().toISOString();
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const confirmed: EntityRecord[] = [];
    for (const id of ids) {
      const event = await repository.get(scope, 'guardEvent', id, trx);
      if (event.status !== 'unconfirmed') {
        throw new ApiError('transitionRefused', {
          transitionLabel: 'entities.guardEvent.transitions.confirm',
          stateLabel: `enums.emsAssetGuardEventStatus.${String(event.status)}`,
        });
      }
      confirmed.push(
        await repository.patch(
          scope,
          'guardEvent',
          id,
          {},
          {
            db: trx,
            set: { status: 'confirmed', confirmInfo: confirmInfo ?? null, confirmedBy: scope.userName, confirmTime },
          },
        ),
      );
    }
    return confirmed;
  });
};

/** The named handlers of cameras, by their `x-handler` name. */
export const cameraHandlers: Record<string, Handler> = {
  listIpcGroups,
  listIpcByStationSn,
  ptzStart,
  ptzStop,
  listPtzCommands,
  guardControlling,
  addCapturePic,
  listCaptureRecords,
  getCaptureRecord,
  guardCamera,
  guardPlatform,
  guardType,
  addGuardEvent,
  confirmGuardEvents,
};
