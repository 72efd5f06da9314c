import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import sharp from 'sharp';
import type { TenantId, TenantScope } from '../auth/context';
import { tenantData } from '../db/tenantScope';
import { ApiError } from '../errors';
import type { CallContext, Handler, Services } from '../http/services';
import { looksLikeImage, UPLOAD_RULES } from './uploadRules';

const MIME: Record<string, string> = UPLOAD_RULES.mediaTypes;

/** A file as it was stored: where it is (bucket and generated name), its original name, address, size and type. */
export interface StoredFile {
  bucketName: string;
  fileName: string;
  originalFilename: string;
  url: string;
  size: number;
  contentType: string;
}

/**
 * Stores a file of the tenant under a generated name in the tenant's bucket, keeping its
 * original name as data: the bytes in the installation's file store, its record in `sys_file`.
 * The upload calls store what they received this way, after checking it; the demo its pictures.
 */
export async function saveFile(services: Services, scope: TenantScope, name: string, data: Buffer): Promise<StoredFile> {
  const extension = extname(name).toLowerCase();
  const bucketName = `tenant-${scope.tenantId}`;
  const fileName = `${randomBytes(16).toString('base64url')}${/^\.[a-z0-9]{1,8}$/.test(extension) ? extension : ''}`;
  const contentType = MIME[extension] ?? 'application/octet-stream';
  const bytes = await services.files.save(bucketName, fileName, data);
  await tenantData(services.database, scope.tenantId)
    .insertInto('sysFile')
    .values({
      tenantId: scope.tenantId,
      bucketName,
      fileName,
      originalFilename: name,
      contentType,
      size: data.length,
      data: bytes,
      createdBy: scope.userId,
      createTime: new Date().toISOString(),
    })
    .execute();
  return {
    bucketName,
    fileName,
    originalFilename: name,
    url: `/admin/sys-file/${bucketName}/${fileName}`,
    size: data.length,
    contentType,
  };
}

async function store(call: CallContext) {
  const scope = call.scope();
  const file = await call.request.file();
  if (!file) throw new ApiError('validation', { detail: 'file' });
  const name = file.filename;
  if ([...name].length > UPLOAD_RULES.maxNameLength) throw new ApiError('badUpload', { message: 'upload.nameTooLong' });
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new ApiError('badUpload', { message: 'upload.tooLarge', max: String(call.services.config.uploadMaxMb) });
  }
  const extension = extname(name).toLowerCase();
  if (call.query.kind === 'image' && (!UPLOAD_RULES.imageExtensions.includes(extension) || !looksLikeImage(data))) {
    throw new ApiError('badUpload', { message: 'upload.notImage' });
  }
  return saveFile(call.services, scope, name, data);
}

/** `POST /admin/sys-file/upload`: stores one file under a generated name, keeping the original name. */
export const upload: Handler = (call) => store(call);

/** `POST /admin/sys-file/uploadRetrunUrl`: the same, answering only the address. */
export const uploadReturnUrl: Handler = async (call) => (await store(call)).url;

const RESIZABLE = new Set(['image/jpeg', 'image/png']);

/** A picture whose longest side is at most `size` pixels, in its own format; never enlarged. */
async function resized(data: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(data).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }).toBuffer();
  } catch {
    // Bytes that only start like a picture are served as they were stored.
    return data;
  }
}

/**
 * Answers a stored file of one tenant (404 when the tenant has no such file); a picture resized on
 * request (`size`). `attachment` asks the browser to save it rather than show it.
 */
export async function sendStoredFile(
  call: CallContext,
  tenantId: TenantId,
  file: { bucketName: string; fileName: string },
  options: { size?: number; attachment?: boolean } = {},
): Promise<unknown> {
  // The tenant given, not the caller's: an open link's reader has none of their own.
  const row = await tenantData(call.services.database, tenantId)
    .selectFrom('sysFile')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('bucketName', '=', file.bucketName)
    .where('fileName', '=', file.fileName)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  const stored = await call.services.files.read(file.bucketName, file.fileName, row.data);
  const data = options.size && RESIZABLE.has(row.contentType) ? await resized(stored, options.size) : stored;
  return call.reply
    .type(row.contentType)
    .header('cache-control', 'private, max-age=86400')
    .header(
      'content-disposition',
      `${options.attachment ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(row.originalFilename)}`,
    )
    .send(data);
}

/** `GET /admin/sys-file/{bucketName}/{fileName}`: a file of the caller's own tenant; a picture resized on request (`size`). */
export const download: Handler = (call) => {
  const { bucketName, fileName } = call.params as { bucketName: string; fileName: string };
  const size = call.query.size as number | undefined;
  return sendStoredFile(call, call.scope().tenantId, { bucketName, fileName }, size ? { size } : {});
};

/** The named handlers of files, by their `x-handler` name. */
export const fileHandlers: Record<string, Handler> = { upload, uploadReturnUrl, download };
