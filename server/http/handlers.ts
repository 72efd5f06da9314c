import { alarmHandlers } from '../alarms/handlers';
import { alarmRecordHandlers } from '../alarms/records';
import { authHandlers } from '../auth/handlers';
import { collectionHandlers } from '../collection/handlers';
import { robotHandlers } from '../robots/handlers';
import type { Operation } from '../contract';
import { emsassetsHandlers } from '../emsassets/handlers';
import { fileHandlers } from '../files/handlers';
import { approvalHandlers } from '../oa/approvals';
import { insightHandlers } from '../insight/handlers';
import { ledgerHandlers } from '../ledger/handlers';
import { ledgerWorkbookHandlers } from '../ledger/workbook';
import { projectHandlers } from '../projects/handlers';
import { resourceHandler } from '../resources/handlers';
import { salesHandlers } from '../sales/handlers';
import { controlHandlers } from '../site/control';
import { kanbanHandlers } from '../site/kanban';
import { templateHandlers } from '../site/templateHandlers';
import { siteopsHandlers } from '../siteops/handlers';
import { dataHandlers } from '../telemetry/data';
import { telemetryHandlers } from '../telemetry/handlers';
import { labelHandlers } from '../telemetry/labels';
import { stationHandlers } from '../telemetry/station';
import { userHandlers } from '../users/handlers';
import { weatherHandlers } from '../weather/handlers';
import { emsdevicesHandlers } from '../emsdevices/handlers';
import { tenderHandlers } from '../tender/handlers';
import { batchHandlers } from './batch';
import { healthHandlers } from './health';
import { crmHandlers } from '../crm/handlers';
import { deviceDocumentsLinkHandlers } from '../openlinks/deviceDocuments';
import { quotationLinkHandlers } from '../openlinks/quotation';
import { reportHandlers } from '../reports/handlers';
import type { Handler } from './services';

/** Handlers of calls with behaviour beyond CRUD, by the `x-handler` name in `openapi/`; each area lists its own. */
const NAMED: Record<string, Handler> = {
  ...healthHandlers,
  ...authHandlers,
  ...userHandlers,
  ...fileHandlers,
  ...telemetryHandlers,
  ...dataHandlers,
  ...stationHandlers,
  ...labelHandlers,
  ...weatherHandlers,
  ...kanbanHandlers,
  ...templateHandlers,
  ...controlHandlers,
  ...alarmHandlers,
  ...alarmRecordHandlers,
  ...robotHandlers,
  ...batchHandlers,
  ...salesHandlers,
  ...emsdevicesHandlers,
  ...collectionHandlers,
  ...approvalHandlers,
  ...crmHandlers,
  ...tenderHandlers,
  ...emsassetsHandlers,
  ...siteopsHandlers,
  ...projectHandlers,
  ...insightHandlers,
  ...ledgerHandlers,
  ...ledgerWorkbookHandlers,
  ...quotationLinkHandlers,
  ...deviceDocumentsLinkHandlers,
  ...reportHandlers,
};

const made = new WeakMap<Operation, Handler>();

/** The handler of an operation, made once; the server does not start while a documented call has none. */
export function handlerFor(operation: Operation): Handler {
  let handler = made.get(operation);
  if (!handler) {
    if (operation.handler) {
      // A named handler; with a resource, it answers that resource's options (see codegen/operations.ts).
      handler = NAMED[operation.handler];
      if (!handler) throw new Error(`${operation.operationId}: no handler named ${operation.handler}`);
    } else if (operation.resource) {
      handler = resourceHandler(operation, operation.resource);
    } else {
      throw new Error(`${operation.operationId}: no handler`);
    }
    made.set(operation, handler);
  }
  return handler;
}
