import type { TenantScope } from '../auth/context';
import { saveFile } from '../files/handlers';
import type { Services } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { pdfOfTable } from '../resources/pdf';

/**
 * The documents of a demo asset, so that its QR code opens something: its data sheet as a PDF (the
 * record's own figures on an A4 page), stored as an uploaded file of the tenant.
 */
export async function seedAssetDocuments(services: Services, scope: TenantScope, asset: EntityRecord): Promise<void> {
  const facts: [string, unknown][] = [
    ['资产名称', asset.name],
    ['资产编号', asset.code],
    ['规格型号', asset.model],
    ['生产厂家', asset.manufacturer],
    ['所属电站', asset.stationName],
    ['安装位置', asset.location],
    ['购置日期', asset.purchaseDate],
    ['巡检周期', '每月一次；每年一次全面检修'],
  ];
  const data = await pdfOfTable({
    title: `${String(asset.name)} 设备资料`,
    subtitle: String(asset.code),
    columns: ['项目', '内容'],
    rows: (async function* () {
      yield facts.filter(([, value]) => value !== undefined && value !== null).map(([item, value]) => [item, String(value)]);
    })(),
    pageLabel: (page, pages) => `第 ${page} 页，共 ${pages} 页`,
  });
  const name = `${String(asset.code)}-设备资料.pdf`;
  const file = await saveFile(services, scope, name, data);
  await services.repository.create(scope, 'assetDocument', {
    assetId: asset.id,
    name: '设备资料',
    docType: 'manual',
    bucketName: file.bucketName,
    fileName: file.fileName,
    originalFilename: name,
  });
}
