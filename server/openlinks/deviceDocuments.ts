import { ApiError } from '../errors';
import { sendStoredFile } from '../files/handlers';
import type { Handler } from '../http/services';
import { companyName, issueLink, resolveLink } from './links';

/** Documents an asset's page lists at most (the generic list's largest page is 50; a plate has a few). */
const DOCUMENTS_SHOWN = 200;

/** `POST device/asset/qrLink/{id}`: a new link for the QR code of one of the tenant's assets. */
export const createAssetLink: Handler = async (call) => {
  const scope = call.scope();
  const asset = await call.services.repository.get(scope, 'asset', Number(call.params.id));
  return issueLink(call.services, scope, 'asset', Number(asset.id));
};

/** `GET open/deviceDocuments`: the asset a QR code names, as anyone at the equipment may read it, with its documents. */
export const getOpenDeviceDocuments: Handler = async (call) => {
  const { scope, recordId } = await resolveLink(call.services, String(call.query.token), 'asset');
  const asset = await call.services.repository.get(scope, 'asset', recordId);
  const { records } = await call.services.repository.list(scope, 'assetDocument', {
    filters: [{ field: 'assetId', op: 'eq', value: recordId }],
    sortField: 'createTime',
    sortOrder: 'desc',
    current: 1,
    size: DOCUMENTS_SHOWN,
  });
  call.reply.header('cache-control', 'no-store');
  const optional = (name: string) =>
    asset[name] === undefined || asset[name] === null || asset[name] === '' ? {} : { [name]: String(asset[name]) };
  return {
    company: await companyName(call.services, scope.tenantId),
    name: String(asset.name),
    ...optional('code'),
    ...optional('model'),
    ...optional('manufacturer'),
    ...optional('category'),
    ...optional('status'),
    ...optional('stationName'),
    ...optional('location'),
    documents: records.map((doc) => ({
      id: Number(doc.id),
      name: String(doc.name),
      ...(doc.docType ? { docType: String(doc.docType) } : {}),
      ...(doc.originalFilename ? { originalFilename: String(doc.originalFilename) } : {}),
      ...(doc.createTime ? { createTime: String(doc.createTime) } : {}),
    })),
  };
};

/** `GET open/deviceDocuments/file`: one document of the asset the QR code names, as a download; any other is 404. */
export const getOpenDeviceDocumentFile: Handler = async (call) => {
  const { scope, recordId } = await resolveLink(call.services, String(call.query.token), 'asset');
  const documentId = Number(call.query.documentId);
  const refused = new ApiError('notFound', { message: 'errors.openDocumentNotHere' });
  const doc = await call.services.repository.get(scope, 'assetDocument', documentId).catch(() => {
    throw refused;
  });
  if (Number(doc.assetId) !== recordId || !doc.bucketName || !doc.fileName) throw refused;
  return sendStoredFile(
    call,
    scope.tenantId,
    { bucketName: String(doc.bucketName), fileName: String(doc.fileName) },
    { attachment: true },
  );
};

/** The named handlers of the asset's QR link, by their `x-handler` name. */
export const deviceDocumentsLinkHandlers: Record<string, Handler> = {
  createAssetLink,
  getOpenDeviceDocuments,
  getOpenDeviceDocumentFile,
};
