import { alarmHandlers } from './alarms/handlers';
import { alarmRecordHandlers } from './alarms/records';
import { authHandlers } from './auth/handlers';
import { collectionHandlers } from './collection/handlers';
import { crmHandlers } from './crm/handlers';
import { emsassetsHandlers } from './emsassets/handlers';
import { emsdevicesHandlers } from './emsdevices/handlers';
import { fileHandlers } from './files/handlers';
import { batchHandlers } from './http/batch';
import { healthHandlers } from './http/health';
import type { Area } from './http/registry';
import { insightHandlers } from './insight/handlers';
import { ledgerHandlers } from './ledger/handlers';
import { ledgerWorkbookHandlers } from './ledger/workbook';
import { approvalHandlers } from './oa/approvals';
import { deviceDocumentsLinkHandlers } from './openlinks/deviceDocuments';
import { quotationLinkHandlers } from './openlinks/quotation';
import { projectHandlers } from './projects/handlers';
import { reportHandlers } from './reports/handlers';
import { robotHandlers } from './robots/handlers';
import { salesHandlers } from './sales/handlers';
import { controlHandlers } from './site/control';
import { kanbanHandlers } from './site/kanban';
import { templateHandlers } from './site/templateHandlers';
import { siteopsHandlers } from './siteops/handlers';
import { dataHandlers } from './telemetry/data';
import { telemetryHandlers } from './telemetry/handlers';
import { labelHandlers } from './telemetry/labels';
import { stationHandlers } from './telemetry/station';
import { tenderHandlers } from './tender/handlers';
import { userHandlers } from './users/handlers';
import { weatherHandlers } from './weather/handlers';

/**
 * The areas the server is made of, each with the handlers it answers by `x-handler` name. A new
 * area adds its line here; the HTTP layer (`server/http/`) takes them in and knows none by name.
 */
export const AREAS: readonly Area[] = [
  { name: 'http', handlers: { ...healthHandlers, ...batchHandlers } },
  { name: 'auth', handlers: authHandlers },
  { name: 'users', handlers: userHandlers },
  { name: 'files', handlers: fileHandlers },
  { name: 'telemetry', handlers: { ...telemetryHandlers, ...dataHandlers, ...stationHandlers, ...labelHandlers } },
  { name: 'weather', handlers: weatherHandlers },
  { name: 'site', handlers: { ...kanbanHandlers, ...templateHandlers, ...controlHandlers } },
  { name: 'alarms', handlers: { ...alarmHandlers, ...alarmRecordHandlers } },
  { name: 'robots', handlers: robotHandlers },
  { name: 'sales', handlers: salesHandlers },
  { name: 'emsdevices', handlers: emsdevicesHandlers },
  { name: 'collection', handlers: collectionHandlers },
  { name: 'oa', handlers: approvalHandlers },
  { name: 'crm', handlers: crmHandlers },
  { name: 'tender', handlers: tenderHandlers },
  { name: 'emsassets', handlers: emsassetsHandlers },
  { name: 'siteops', handlers: siteopsHandlers },
  { name: 'projects', handlers: projectHandlers },
  { name: 'insight', handlers: insightHandlers },
  { name: 'ledger', handlers: { ...ledgerHandlers, ...ledgerWorkbookHandlers } },
  { name: 'openlinks', handlers: { ...quotationLinkHandlers, ...deviceDocumentsLinkHandlers } },
  { name: 'reports', handlers: reportHandlers },
];
