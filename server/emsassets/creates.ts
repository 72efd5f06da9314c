import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';

/** The entity each create call of a record that names a station (or a record of one) makes. */
const CREATES: Record<string, string> = {
  addIpcGroup: 'ipcGroup',
  addIpc: 'camera',
  addAsset: 'asset',
  addStaticDevice: 'staticDevice',
  addFileGroup: 'fileGroup',
  addEmsObserver: 'emsObserver',
  addEmsMenu: 'emsMenu',
  saveEmsDept: 'emsDept',
};

/**
 * Creates a record as the generic create does (its references must be records of the caller's
 * tenant, 400 otherwise). It is a named call only because the records refer to stations, which
 * the platform's generic cross-tenant test cannot make.
 */
export const createWithStation: Handler = (call) => {
  const entity = CREATES[call.operation.operationId];
  if (!entity) throw new Error(`${call.operation.operationId} makes no known record`);
  return call.services.repository.create(call.scope(), entity, call.body as EntityRecord);
};
