import type { CallContext, Handler } from '../http/services';
import { streamWorkbook } from '../resources/export';
import type { Filter } from '../resources/repository';

/** The conditions of an export from its query: free text by part, the rest by equality. */
function filtersOf(call: CallContext, fields: string[], text: string[] = []): Filter[] {
  return fields.flatMap((field) => {
    const value = call.query[field];
    if (value === undefined) return [];
    return [{ field, op: text.includes(field) ? ('contains' as const) : ('eq' as const), value }];
  });
}

const orderOf = (call: CallContext, sortField: string) => ({
  sortField: (call.query.sortField as string | undefined) ?? sortField,
  sortOrder: (call.query.sortOrder as 'asc' | 'desc' | undefined) ?? 'desc',
});

/** `monitordevice/export`: the devices the filters select, with the columns of the device page (what the import reads back). */
export const emsExportDevices: Handler = async (call) =>
  streamWorkbook(call, 'device', 'emsDevice', {
    filters: filtersOf(call, ['name', 'stationId', 'kind'], ['name']),
    ...orderOf(call, 'createTime'),
  });

/** `electricityprice/export`: the price lists the filters select, with the columns of the price page. */
export const emsExportPrices: Handler = async (call) =>
  streamWorkbook(call, 'electricityPrice', 'electricityPrice', {
    filters: filtersOf(call, ['stationId']),
    ...orderOf(call, 'effectiveMonth'),
  });
