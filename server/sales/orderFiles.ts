import { ApiError } from '../errors';
import { UPLOAD_RULES } from '../files/uploadRules';
import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';

const ADDRESS = /^\/admin\/sys-file\/([a-z0-9-]{1,40})\/([A-Za-z0-9_.-]{1,80})$/;

/**
 * `POST /manager/orderfile/batch`: up to 30 uploaded files (the contract's `maxItems`) become files of the order, in one
 * transaction. Each address must be a file the caller's tenant uploaded; its name and size are
 * those the upload stored (the original name, kept as data), not what the body might claim.
 */
export const saveOrderFiles: Handler = async (call) => {
  const { orderId, files, remark } = call.body as { orderId: number; files: string[]; remark?: string };
  const scope = call.scope();
  const { repository } = call.services;
  await repository.get(scope, 'salesOrder', orderId);
  const stored: { fileUrl: string; fileName: string; fileSize: number }[] = [];
  for (const address of files) {
    const [, bucketName = '', fileName = ''] = ADDRESS.exec(address) ?? [];
    const db = call.data();
    const row = await db
      .selectFrom('sysFile')
      .select(['originalFilename', 'size'])
      .where('tenantId', '=', scope.tenantId)
      .where('bucketName', '=', bucketName)
      .where('fileName', '=', fileName)
      .executeTakeFirst();
    if (!row) throw new ApiError('badUpload', { message: 'upload.notUploaded', file: address });
    if ([...row.originalFilename].length > UPLOAD_RULES.maxNameLength) {
      throw new ApiError('badUpload', { message: 'upload.nameTooLong' });
    }
    stored.push({ fileUrl: address, fileName: row.originalFilename, fileSize: Number(row.size) });
  }
  const db = call.data();
  return db.transaction().execute(async (trx) => {
    const created: EntityRecord[] = [];
    for (const file of stored) {
      created.push(await repository.create(scope, 'orderFile', { orderId, ...file, ...(remark ? { remark } : {}) }, { db: trx }));
    }
    return created;
  });
};
