import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import { allOf } from './common';

/**
 * `POST executesiteinspectdo/taskDetail?id=&sheetId=`: an inspection of a worksheet with its
 * records; an inspection that does not belong to that worksheet is not found.
 */
export const siteopsInspectTaskDetail: Handler = async (call) => {
  const task = await call.services.repository.get(call.scope(), 'inspectionTask', Number(call.query.id));
  if (task.worksheetId !== call.query.sheetId) throw new ApiError('notFound', { message: 'errors.siteopsWrongSheet' });
  const records = await allOf(call, 'inspectionRecord', [{ field: 'taskId', op: 'eq', value: task.id }], 'id', 'asc');
  return { task, records };
};
