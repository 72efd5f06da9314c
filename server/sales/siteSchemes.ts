import siteSchemeSchema from '../../schemas/entities/siteScheme.json';
import { isUniqueViolation } from '../db/errors';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { refuseField } from '../http/validation';
import type { EntityRecord } from '../resources/repository';

const ENTITY = 'siteScheme';
const owner = siteSchemeSchema as never;

/**
 * What refuses a site-scheme entry beyond its schema: a serial number that names no station of
 * the caller's tenant (another tenant's station is no station here), or a station the order's
 * scheme already has. Each refusal is 400 at the field, and nothing is written.
 */
async function check(call: CallContext, body: EntityRecord, id?: number): Promise<void> {
  const { repository } = call.services;
  const scope = call.scope();
  const [station] = await repository.all(scope, 'station', {
    filters: [{ field: 'sn', op: 'eq', value: body.sn }],
    sortField: 'id',
    sortOrder: 'asc',
  });
  if (!station) throw refuseField(call.t, owner, 'sn', 'siteSchemes.noStation', { sn: String(body.sn) });
  const same = await repository.all(scope, ENTITY, {
    filters: [
      { field: 'orderId', op: 'eq', value: body.orderId },
      { field: 'sn', op: 'eq', value: body.sn },
    ],
    sortField: 'id',
    sortOrder: 'asc',
  });
  if (same.some((entry) => Number(entry.id) !== id)) throw duplicate(call, body);
}

const duplicate = (call: CallContext, body: EntityRecord) =>
  refuseField(call.t, owner, 'sn', 'siteSchemes.duplicate', { sn: String(body.sn) });

/** A write that lost a race to an equal entry meets the table's unique index: the same refusal. */
async function written(call: CallContext, body: EntityRecord, write: () => Promise<EntityRecord>): Promise<EntityRecord> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(call, body);
    throw error;
  }
}

/** `POST orderinfo/siteScheme`: adds a station of the tenant to an order's scheme, once. */
export const salesSiteSchemeSave: Handler = async (call) => {
  const body = call.body as EntityRecord;
  await check(call, body);
  return written(call, body, () => call.services.repository.create(call.scope(), ENTITY, body));
};

/** `PUT orderinfo/siteScheme`: the body's entry, by the same checks. */
export const salesSiteSchemeUpdate: Handler = async (call) => {
  const body = call.body as EntityRecord;
  if (typeof body.id !== 'number') throw new ApiError('validation', { detail: call.t('errors.idRequired') });
  const id = body.id;
  // Another tenant's entry, or none: 404 before anything is said about its fields.
  await call.services.repository.get(call.scope(), ENTITY, id);
  await check(call, body, id);
  return written(call, body, () => call.services.repository.update(call.scope(), ENTITY, id, body));
};

export const siteSchemeHandlers: Record<string, Handler> = { salesSiteSchemeSave, salesSiteSchemeUpdate };
