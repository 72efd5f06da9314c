import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { seriesName, type NamedEntry } from '../charts/seriesName';
import type { WidgetConfig } from './document';
import { isDeviceVar, stationTime } from './figures';
import type { SlotState } from './needs';
import type { WidgetContext } from './context';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A cell of the table: a time or a name as text, a value as the answer gives it, nothing where there is none. */
export type InspectCell = string | number | boolean | null;

/** The figures behind a widget, as the inspect dialog shows them and its CSV file holds them. */
export interface InspectTable {
  columns: string[];
  rows: InspectCell[][];
}

/** The headings of the table, in the user's language. */
export interface InspectHeadings {
  time: string;
  name: string;
  value: string;
  unit: string;
}

/** The slot the widgets read their variables' names from (`namesNeeds`): names, not figures. */
const NAMES_SLOT = 'names';
/** Fields holding the figure of the object they are in: named by that object, not by the field. */
const FIGURE_FIELDS = new Set(['data', 'datas', 'value']);
/** Fields that name the object they are in (after its variable's serial number). */
const NAME_FIELDS = ['name', 'deviceName'];
/** Identifiers (`id`, `sn`, `stationSn`, `deviceId`): what the server knows a record by, not a figure. */
const IDENTIFIER = /^(id|sn)$|(Id|Sn)$/;
/** A date or date and time, as the telemetry calls write them in the station's clock (or with a zone, in UTC or an offset). */
const TIME_TEXT = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/;

/** A point of a chart's time axis (`wallClock`) as the station's clock writes it: `YYYY-MM-DD HH:mm:ss`. */
export function wallClockText(point: number): string {
  return new Date(point).toISOString().slice(0, 19).replace('T', ' ');
}

/** A time of an answer in the station's clock: one written with its zone is converted, one without is the station's already. */
function stationClock(text: string, context: WidgetContext): string {
  return ZONED.test(text) ? dayjs(text).tz(context.station.timeZone).format('YYYY-MM-DD HH:mm:ss') : text;
}

const isTime = (value: unknown): value is string => typeof value === 'string' && TIME_TEXT.test(value);
const isScalar = (value: unknown): value is InspectCell =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' / ');
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The variables a configuration names, each with the name the user gave it in its entry (a
 * series, a gauge, a slice: `name` or `showName` beside its device variable). The configuration's
 * own `name` is the widget's title, not its variable's.
 */
function configuredEntries(value: unknown, owner?: Record<string, unknown>): NamedEntry[] {
  if (isDeviceVar(value)) return [{ deviceVar: value, name: text(owner?.name) ?? text(owner?.showName) }];
  if (Array.isArray(value)) return value.flatMap((item) => configuredEntries(item));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.values(record).flatMap((field) => configuredEntries(field, record));
  }
  return [];
}

/** The name of a variable as the widget shows it (`seriesName`): its entry's own, else its device's and its own; none when unknown. */
function variableNamer(config: WidgetConfig, names: SlotState | undefined): (sn: string) => string | undefined {
  const entries = Object.values(config).flatMap((field) => configuredEntries(field));
  return (sn) => {
    const entry = entries.find((item) => item.deviceVar.varSn === sn && item.name) ??
      entries.find((item) => item.deviceVar.varSn === sn) ?? { deviceVar: { deviceSn: '', varSn: sn } };
    return seriesName(entry, names, '') || undefined;
  };
}

/** Where a value lies in an answer: the time, name and unit of the objects around it. */
interface Place {
  time: string | null;
  name: string;
  unit: string | null;
}

interface Walk {
  context: WidgetContext;
  nameOf(sn: string): string | undefined;
  rows: InspectCell[][];
}

function walk(value: unknown, place: Place, into: Walk): void {
  if (value === undefined) return;
  if (isScalar(value)) {
    into.rows.push([place.time, place.name, isTime(value) ? stationClock(value, into.context) : value, place.unit]);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      // An item with a name or a time of its own tells itself apart; any other by its place in the list.
      const own = item && typeof item === 'object' && !Array.isArray(item) && identified(item as Record<string, unknown>);
      walk(item, { ...place, name: own ? place.name : join(place.name, String(index + 1)) }, into);
    });
    return;
  }
  const record = value as Record<string, unknown>;
  const sn = text(record.sn);
  const nameField = NAME_FIELDS.find((key) => text(record[key]));
  const ownName = (sn && into.nameOf(sn)) ?? (nameField ? text(record[nameField]) : sn);
  const name = join(place.name, ownName);
  const timeField = 'time' in record && isTime(record.time) ? 'time' : Object.keys(record).find((key) => isTime(record[key]));
  const unit = text(record.unit) ?? place.unit;
  // Figures per part of a period: parallel lists of values, one per time key (the hours of a day
  // as `HH:00`, the days of a month as `MM-DD`, the months of a year), as the widgets' axes write them.
  const keys =
    Array.isArray(record.time_keys) && record.time_keys.every((key) => typeof key === 'string')
      ? (record.time_keys as string[])
      : undefined;
  // A figure of the whole period (beside its parts per time key) is of the period from its first key to its last.
  const span = keys?.length ? [...new Set([keys[0], keys.at(-1)])].map((at) => stationClock(at ?? '', into.context)) : [];
  const time = timeField ? stationClock(record[timeField] as string, into.context) : span.length ? span.join(' ~ ') : place.time;
  for (const [key, field] of Object.entries(record)) {
    if (key === 'unit' || key === 'time_keys' || key === timeField || key === nameField || IDENTIFIER.test(key)) continue;
    const fieldName = FIGURE_FIELDS.has(key) ? name : join(name, key);
    if (keys && Array.isArray(field) && field.length === keys.length && field.every(isScalar)) {
      keys.forEach((at, index) => into.rows.push([stationClock(at, into.context), fieldName, field[index] ?? null, unit]));
    } else {
      walk(field, { time, name: fieldName, unit }, into);
    }
  }
}

/** Whether an object of a list names itself (a variable, a device) or is a moment (a point of a series). */
function identified(record: Record<string, unknown>): boolean {
  return text(record.sn) !== undefined || NAME_FIELDS.some((key) => text(record[key])) || Object.values(record).some(isTime);
}

/**
 * The figures a widget received, one row per value: its time (in the station's clock), the name
 * of its variable as the widget shows it (else of the object it is in, and its field), the value
 * and its unit. Every answer is read alike, whatever its call, so that a widget without rows of
 * its own (`WidgetDefinition.inspect`) shows what it received; answers not there yet or failed
 * give no row. Identifiers (ids and serial numbers) are left out: they are no figures.
 */
export function answerTable(
  config: WidgetConfig,
  data: Record<string, SlotState>,
  headings: InspectHeadings,
  context: WidgetContext,
): InspectTable {
  const into: Walk = { context, nameOf: variableNamer(config, data[NAMES_SLOT]), rows: [] };
  for (const [slot, state] of Object.entries(data)) {
    if (slot !== NAMES_SLOT && state.status === 'ready') walk(state.data, { time: null, name: '', unit: null }, into);
  }
  return { columns: [headings.time, headings.name, headings.value, headings.unit], rows: into.rows };
}

/** The CSV file's name: the widget's title and the station's time of the download, `<title>-<YYYY-MM-DD HHmm>.csv`. */
export function inspectFileName(title: string, context: WidgetContext): string {
  return `${title}-${stationTime(context, 'YYYY-MM-DD HHmm')}.csv`;
}
