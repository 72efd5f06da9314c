import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import rules from '../../schemas/constants/upload.json';
import { call, databases, signIn } from '../support/api';
import { url, type Row } from '../support/records';
import type { TestServer } from '../support/server';

/** The demo tenants and who signs in to each (DESIGN §8); admin reaches tenant 10 by switching to it. */
const TENANTS = [
  { tenantId: 2, username: 'admin', password: 'admin123' },
  { tenantId: 10, username: 'admin', password: 'admin123' },
  { tenantId: 7, username: 'operator', password: 'operator123' },
  { tenantId: 44, username: 'auditor', password: 'auditor123' },
];

/** Pixel sizes of the demo's pictures, as the demo draws them. */
const SIZES: Record<string, { width: number; height: number }> = {
  'banner.imageUrl': { width: 640, height: 360 },
  'enterpriseVideo.coverUrl': { width: 320, height: 180 },
  'loginPage.backgroundUrl': { width: 960, height: 540 },
  'captureRecord.url': { width: 480, height: 270 },
};

/** A file address a record hands out, and which record field it came from. */
interface Address {
  field: string;
  address: string;
}

const MEDIA_TYPES: Record<string, string> = rules.mediaTypes;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(body.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Width and height from a JPEG's start-of-frame segment, walking the segments before it. */
function jpegSize(body: Buffer): { width: number; height: number } {
  expect([body[0], body[1]]).toEqual([0xff, 0xd8]);
  let at = 2;
  while (at + 9 < body.length) {
    expect(body[at]).toBe(0xff);
    const marker = body[at + 1] ?? 0;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: body.readUInt16BE(at + 5), width: body.readUInt16BE(at + 7) };
    }
    at += 2 + body.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame segment');
}

/** The top-level boxes of an ISO BMFF (MP4) file, which must tile it exactly. */
function mp4Boxes(body: Buffer): string[] {
  const boxes: string[] = [];
  let at = 0;
  while (at < body.length) {
    const size = body.readUInt32BE(at);
    const length = size === 1 ? Number(body.readBigUInt64BE(at + 8)) : size === 0 ? body.length - at : size;
    expect(length).toBeGreaterThanOrEqual(8);
    boxes.push(body.toString('latin1', at + 4, at + 8));
    at += length;
  }
  expect(at).toBe(body.length);
  return boxes;
}

/** Checks that the body is a whole file of the type its extension names; answers its pixel size for a picture. */
async function decoded(extension: string, body: Buffer): Promise<{ width: number; height: number } | undefined> {
  if (extension === '.png' || extension === '.jpg' || extension === '.jpeg') {
    const size = extension === '.png' ? pngSize(body) : jpegSize(body);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    // Every pixel decodes, not only the header.
    const { info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual(size);
    return size;
  }
  if (extension === '.mp4') {
    expect(body.toString('latin1', 4, 8)).toBe('ftyp');
    const boxes = mp4Boxes(body);
    expect(boxes).toContain('moov');
    expect(boxes).toContain('mdat');
    return undefined;
  }
  if (extension === '.pdf') {
    expect(body.toString('latin1', 0, 5)).toBe('%PDF-');
    expect(body.toString('latin1', body.length - 16)).toContain('%%EOF');
    return undefined;
  }
  throw new Error(`the demo hands out a ${extension} file, which this test does not know how to read`);
}

describe.each(databases())('the demo records’ files on $name', ({ start }) => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await start();
    app = server.app;
  });
  afterAll(() => server.stop());

  /** Signs in as the tenant's user and moves the token to that tenant when it is not the current one. */
  async function tokenOf(tenant: (typeof TENANTS)[number]): Promise<string> {
    const token = await signIn(app, tenant.username, tenant.password);
    const principal = await call<{ tenantId: number }>(app, token, { method: 'GET', url: url('getPrincipal') });
    if (principal.body.data.tenantId !== tenant.tenantId) {
      const switched = await call<{ tenantId: number }>(app, token, {
        method: 'PUT',
        url: url('updateDefaultTenant'),
        query: { tenantId: String(tenant.tenantId) },
      });
      expect(switched.body.data.tenantId).toBe(tenant.tenantId);
    }
    return token;
  }

  /** The records of one page of a list call, as the list screens read them. */
  async function records(token: string, operationId: string, query: Record<string, string> = {}): Promise<Row[]> {
    const answer = await call<{ records: Row[] }>(app, token, {
      method: 'GET',
      url: url(operationId),
      query: { size: '500', ...query },
    });
    expect(answer.status, operationId).toBe(200);
    return answer.body.data.records;
  }

  /**
   * Every file address in the tenant's records, read through the calls a user's screens make:
   * banners, courses (cover and video), sign-in screen designs, order files, contracts, site
   * documents, camera captures and asset documents.
   */
  async function addressesOf(token: string, tenantId: number): Promise<Address[]> {
    const found: Address[] = [];
    const add = (rows: Row[], entity: string, field: string, address = (row: Row) => row[field]) => {
      for (const row of rows) {
        // Every demo record of these kinds names its file.
        expect(typeof address(row), `${entity}.${field} of ${JSON.stringify(row)}`).toBe('string');
        found.push({ field: `${entity}.${field}`, address: String(address(row)) });
      }
    };
    add(await records(token, 'getBannerPage'), 'banner', 'imageUrl');
    const courses = await records(token, 'getEnterpriseVideoPage');
    add(courses, 'enterpriseVideo', 'coverUrl');
    add(courses, 'enterpriseVideo', 'videoUrl');
    add(await records(token, 'getLoginPagePage'), 'loginPage', 'backgroundUrl');
    for (const order of await records(token, 'getOrderPage')) {
      add(await records(token, 'getOrderFilePage', { orderId: String(order.id) }), 'orderFile', 'fileUrl');
    }
    add(await records(token, 'getContractFilePage'), 'contractFile', 'fileUrl');
    // A site document names its file by the stored name the upload answered, in the tenant's bucket.
    add(await records(token, 'listSiteFile'), 'projSiteFile', 'fileName', (row) =>
      typeof row.fileName === 'string' ? `/admin/sys-file/tenant-${tenantId}/${row.fileName}` : undefined,
    );
    for (const station of await records(token, 'getEmsStationPage')) {
      add(await records(token, 'listCaptureRecordByStationSn', { stationSn: String(station.sn) }), 'captureRecord', 'url');
    }
    add(await records(token, 'getAssetDocumentPage'), 'assetDocument', 'fileName', (row) =>
      typeof row.bucketName === 'string' && typeof row.fileName === 'string'
        ? `/admin/sys-file/${row.bucketName}/${row.fileName}`
        : undefined,
    );
    return found;
  }

  test.each(TENANTS)(
    'every file address in the records of tenant $tenantId answers its file: 200, its media type, a body that decodes',
    async (tenant) => {
      const token = await tokenOf(tenant);
      const addresses = await addressesOf(token, tenant.tenantId);
      // Each kind of record the demo gives every tenant is there, so the walk below cannot pass on nothing.
      const fields = [
        'banner.imageUrl',
        'enterpriseVideo.coverUrl',
        'enterpriseVideo.videoUrl',
        'loginPage.backgroundUrl',
        'orderFile.fileUrl',
        'contractFile.fileUrl',
        'projSiteFile.fileName',
        'captureRecord.url',
        'assetDocument.fileName',
      ];
      for (const field of fields) {
        expect(addresses.filter((a) => a.field === field).length, field).toBeGreaterThan(0);
      }
      expect(new Set(addresses.map((a) => a.field))).toEqual(new Set(fields));

      const bodies = new Map<string, Buffer>();
      for (const { field, address } of addresses) {
        const label = `${field}: ${address}`;
        let body = bodies.get(address);
        if (!body) {
          const answer = await app.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } });
          expect(answer.statusCode, label).toBe(200);
          const extension = extname(address).toLowerCase();
          expect(MEDIA_TYPES[extension], label).toBeDefined();
          expect(answer.headers['content-type'], label).toBe(MEDIA_TYPES[extension]);
          body = answer.rawPayload;
          bodies.set(address, body);
        }
        const size = await decoded(extname(address).toLowerCase(), body);
        if (SIZES[field]) expect(size, label).toEqual(SIZES[field]);
      }

      // Each banner and each course cover is a picture of its own.
      for (const field of ['banner.imageUrl', 'enterpriseVideo.coverUrl']) {
        const pictures = addresses.filter((a) => a.field === field).map((a) => bodies.get(a.address)?.toString('base64'));
        expect(new Set(pictures).size, field).toBe(pictures.length);
      }
    },
  );
});
