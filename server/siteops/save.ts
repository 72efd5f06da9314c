import type { UserId } from '../auth/context';
import type { ResourceBinding } from '../contract';
import { ApiError } from '../errors';
import type { CallContext, Handler } from '../http/services';
import { resourceHandler } from '../resources/handlers';
import { streamWorkbook } from '../resources/export';
import type { EntityRecord, Filter } from '../resources/repository';

/**
 * A worksheet names its station by id or by serial number: the one given fills the other, from
 * the tenant's stations only (another tenant's serial number is, to the caller, no station: 400).
 */
async function withStation(call: CallContext, body: EntityRecord): Promise<EntityRecord> {
  const { repository } = call.services;
  const scope = call.scope();
  const bySn = async (sn: string) => {
    try {
      return await repository.findBy(scope, 'station', 'sn', sn);
    } catch {
      throw new ApiError('refMissing', { field: 'stationSn', owner: 'worksheet' });
    }
  };
  if (typeof body.stationSn === 'string') {
    const station = await bySn(body.stationSn);
    if (body.stationId !== undefined && body.stationId !== station.id)
      throw new ApiError('validation', { detail: 'stationSn: names another station than stationId' });
    return { ...body, stationId: station.id };
  }
  if (typeof body.stationId === 'number') {
    // The reference check of the write refuses another tenant's id; a known one gets its serial number.
    const station = await repository.get(scope, 'station', body.stationId).catch(() => undefined);
    return station ? { ...body, stationSn: station.sn } : body;
  }
  return body;
}

/**
 * A worksheet given to an employee (new, or given to another one) writes a notice for the
 * employee's account, in the language of the call that gave it.
 */
async function noticeOfAssignment(call: CallContext, sheet: EntityRecord, before?: EntityRecord): Promise<void> {
  if (typeof sheet.assigneeId !== 'number' || sheet.assigneeId === before?.assigneeId) return;
  const scope = call.scope();
  const employee = await call.services.repository.get(scope, 'user', sheet.assigneeId);
  if (typeof employee.userId !== 'number') return;
  const recipient = { ...scope, userId: employee.userId as UserId, userName: String(employee.name) };
  await call.services.repository.create(recipient, 'notice', {
    title: call.t('siteops.notice.worksheetAssigned', { name: String(sheet.name) }),
    content: call.t('siteops.notice.worksheetPlanned', {
      date: String(sheet.planDate),
      station: String(sheet.stationName ?? '-'),
    }),
    type: 'worksheet',
    businessId: sheet.id,
  });
}

/** The generic create or update of the entity the operation takes, after the station is settled. */
function saving(action: 'create' | 'update'): Handler {
  return async (call) => {
    const entity = String(call.operation.body?.['x-entity']);
    const binding: ResourceBinding = { entity, action };
    const body = call.body as EntityRecord;
    if (entity !== 'worksheet') return resourceHandler(call.operation, binding)(call);
    const before =
      action === 'update' && typeof body.id === 'number'
        ? await call.services.repository.get(call.scope(), entity, body.id)
        : undefined;
    const sheet = (await resourceHandler(
      call.operation,
      binding,
    )({ ...call, body: await withStation(call, body) })) as EntityRecord;
    await noticeOfAssignment(call, sheet, before);
    return sheet;
  };
}

/**
 * Creates of the records that refer to a station (worksheets, customised tasks, inspections,
 * quality checks): the generic create, its references checked within the tenant, by a name of its
 * own so its tenant isolation is checked against a real station of another tenant.
 */
export const siteopsSave: Handler = saving('create');

/** Updates of the same records. */
export const siteopsReplace: Handler = saving('update');

/**
 * `POST factoryTestRecord/exportFactoryTestRecord?id=&name=&sn=`: the workbook of the factory test
 * page's columns, of the tests chosen: one by id (404 when the tenant has none), or those whose
 * name and serial number contain the texts given.
 */
export const siteopsExportFactoryTests: Handler = async (call) => {
  const { id, name, sn } = call.query as { id?: number; name?: string; sn?: string };
  const filters: Filter[] = [];
  if (id !== undefined) {
    // A test the tenant does not have is not found (404), rather than an empty workbook.
    await call.services.repository.get(call.scope(), 'factoryTestRecord', id);
    filters.push({ field: 'id', op: 'eq', value: id });
  }
  if (name) filters.push({ field: 'name', op: 'contains', value: name });
  if (sn) filters.push({ field: 'sn', op: 'contains', value: sn });
  return streamWorkbook(call, 'factoryTestRecord', 'factoryTestRecord', { filters, sortField: 'createTime', sortOrder: 'desc' });
};
