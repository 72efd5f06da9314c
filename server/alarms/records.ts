import ExcelJS from 'exceljs';
import type { Translate } from '../i18n';
import type { CallContext, Handler } from '../http/services';
import type { EntityRecord, Filter } from '../resources/repository';
import { formatLocal } from '../telemetry/calendar';
import { zoneOf } from '../telemetry/lookup';
import { stationBySn } from './handlers';

interface RecordsQuery {
  current?: number;
  size?: number;
  stationSn?: string;
  status?: number;
  level?: string;
  reportTimeFrom?: string;
  reportTimeTo?: string;
}

/** The conditions of the alarm records' filters: a station by serial number, a status, a level, a range of report times. */
async function recordFilters(call: CallContext, query: RecordsQuery): Promise<Filter[]> {
  const filters: Filter[] = [];
  if (query.stationSn) filters.push({ field: 'stationId', op: 'eq', value: (await stationBySn(call, query.stationSn)).id });
  if (query.status !== undefined) filters.push({ field: 'status', op: 'eq', value: query.status });
  if (query.level) filters.push({ field: 'level', op: 'eq', value: query.level });
  if (query.reportTimeFrom) filters.push({ field: 'reportTime', op: 'gte', value: query.reportTimeFrom });
  if (query.reportTimeTo) filters.push({ field: 'reportTime', op: 'lte', value: query.reportTimeTo });
  return filters;
}

const NEWEST_FIRST = { sortField: 'reportTime', sortOrder: 'desc' } as const;

/** `GET device/alarm/page`: a page of the alarms the filters select, newest first. */
export const alarmRecords: Handler = async (call) => {
  const query = call.query as unknown as RecordsQuery & { current: number; size: number };
  const filters = await recordFilters(call, query);
  const page = await call.services.repository.list(call.scope(), 'alarm', {
    filters,
    ...NEWEST_FIRST,
    current: query.current,
    size: query.size,
  });
  return { ...page, current: query.current, size: query.size };
};

/** The state of an alarm as the screens say it: open, 'confirmed -- {checker}' or 'auto recovered'. */
export function alarmState(t: Translate, alarm: EntityRecord): string {
  if (Number(alarm.status) === 1) return t('enums.alarmStatus.1');
  return alarm.checker ? t('alarms.confirmedBy', { checker: String(alarm.checker) }) : t('alarms.autoRecovered');
}

const COLUMNS = [
  'reportTime',
  'stationName',
  'deviceName',
  'info',
  'level',
  'value',
  'status',
  'checkInfo',
  'checkTime',
  'recoverTime',
] as const;
const TIMES = new Set(['reportTime', 'checkTime', 'recoverTime']);

/**
 * `GET device/alarm/export`: the alarms the filters select, newest first, as a workbook: times in
 * each station's zone (as the screen shows them), the level by its name and the state as the
 * screen says it.
 */
export const exportAlarmRecords: Handler = async (call) => {
  const scope = call.scope();
  const filters = await recordFilters(call, call.query as RecordsQuery);
  const stations = await call.services.repository.all(scope, 'station', { filters: [], sortField: 'id', sortOrder: 'asc' });
  const zones = new Map(stations.map((station) => [Number(station.id), zoneOf(station)]));
  const workbook = new ExcelJS.Workbook();
  const title = call.t('routes.SiteWarningRecord.title');
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = COLUMNS.map((field) => ({
    header: call.t(`entities.alarm.fields.${field}`),
    key: field,
    width: field === 'info' ? 40 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const records of call.services.repository.each(scope, 'alarm', { filters, ...NEWEST_FIRST })) {
    for (const alarm of records) {
      const zone = zones.get(Number(alarm.stationId)) ?? 'Asia/Shanghai';
      sheet.addRow(
        COLUMNS.map((field) => {
          const value = alarm[field];
          if (field === 'status') return alarmState(call.t, alarm);
          if (field === 'level') return call.t(`enums.alarmLevel.${String(value)}`);
          if (TIMES.has(field)) return typeof value === 'string' ? formatLocal(Date.parse(value), zone) : null;
          return value ?? null;
        }),
      );
    }
  }
  const file = await workbook.xlsx.writeBuffer();
  const name = `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return call.reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(Buffer.from(file));
};

export const alarmRecordHandlers: Record<string, Handler> = { alarmRecords, exportAlarmRecords };
