import { ApiError } from '../errors';
import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { TenantCatalog } from '../telemetry/catalog';
import { catalogOf } from '../telemetry/lookup';

/** A device variable as a widget's configuration binds it, wherever in the configuration it is. */
export interface Binding {
  deviceSn: string;
  varSn: string;
}

interface Widget {
  id: string;
  type: string;
  config: Record<string, unknown>;
}

/**
 * The configuration flag of a widget that shows another station's data on purpose
 * (`otherStation` in the schemas of the widgets that bind variables): without it, every variable
 * and device a widget binds must be of the dashboard's own station.
 */
export const OTHER_STATION = 'otherStation';

/** Whether a widget says it binds variables of other stations on purpose. */
export const meansOtherStation = (config: unknown): boolean =>
  typeof config === 'object' && config !== null && (config as Record<string, unknown>)[OTHER_STATION] === true;

export const isBinding = (value: unknown): value is Binding =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { varSn?: unknown }).varSn === 'string' &&
  typeof (value as { deviceSn?: unknown }).deviceSn === 'string';

/** Every binding of a configuration with its dotted path (`monitorVars.0.deviceVar`). */
export function bindingsOf(config: unknown, path: string[] = []): { path: string; binding: Binding }[] {
  if (isBinding(config)) return [{ path: path.join('.'), binding: config }];
  if (Array.isArray(config)) return config.flatMap((item, index) => bindingsOf(item, [...path, String(index)]));
  if (typeof config === 'object' && config !== null)
    return Object.entries(config).flatMap(([key, item]) => bindingsOf(item, [...path, key]));
  return [];
}

/** A binding of another station than the dashboard's, in a widget that does not say it means that. */
export interface ForeignBinding {
  index: number;
  widget: Widget;
  path: string;
  binding: Binding;
  /** The station the variable (or device) is of. */
  stationSn: string;
  /** How people read the variable: device / variable. */
  name: string;
}

/**
 * The bindings of a dashboard that reach another station of the tenant (the variable's, or the
 * device's, station is not `stationSn`) in widgets without the `otherStation` flag. A serial
 * number the tenant does not have binds nothing of any station (a variable deleted since, or
 * another tenant's, which no data call of this tenant answers), so it is not one of them.
 */
export function foreignBindings(widgets: unknown[], catalog: TenantCatalog, stationSn: string): ForeignBinding[] {
  const stationOfDevice = new Map<string, { stationSn: string; name: string }>();
  for (const variable of catalog.bySn.values())
    stationOfDevice.set(variable.deviceSn, { stationSn: variable.stationSn, name: variable.deviceName });
  const found: ForeignBinding[] = [];
  for (const [index, widget] of (widgets as Widget[]).entries()) {
    if (meansOtherStation(widget.config)) continue;
    for (const { path, binding } of bindingsOf(widget.config)) {
      const variable = catalog.bySn.get(binding.varSn);
      const device = stationOfDevice.get(binding.deviceSn);
      if (variable && variable.stationSn !== stationSn)
        found.push({
          index,
          widget,
          path,
          binding,
          stationSn: variable.stationSn,
          name: `${variable.deviceName} / ${variable.name}`,
        });
      else if (device && device.stationSn !== stationSn)
        found.push({ index, widget, path, binding, stationSn: device.stationSn, name: device.name });
    }
  }
  return found;
}

/** The title a widget shows: its own, else its type's name and its place among the widgets (from 1). */
function widgetName(call: CallContext, widget: Widget, index: number): string {
  const { titleName, name, title } = widget.config as { titleName?: unknown; name?: unknown; title?: unknown };
  const own = [titleName, name, title].find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof own === 'string' ? own : `${call.t(`widgets.${widget.type}.title`)} ${index + 1}`;
}

/**
 * Refuses (400) a dashboard of `station` that binds a variable or device of another station in a
 * widget that does not say it means to: the message names the first such widget (its title, type
 * and place) and field, and the answer's `data` lists every such field. Nothing is stored.
 */
export async function refuseForeignBindings(call: CallContext, station: EntityRecord, widgets: unknown[]): Promise<void> {
  const stationSn = String(station.sn);
  const found = foreignBindings(widgets, await catalogOf(call), stationSn);
  if (found.length === 0) return;
  const message = (entry: ForeignBinding) =>
    call.t('dashboard.otherStation.refused', {
      widget: widgetName(call, entry.widget, entry.index),
      type: call.t(`widgets.${entry.widget.type}.title`),
      number: String(entry.index + 1),
      variable: `${entry.name} (${entry.binding.varSn})`,
      station: entry.stationSn,
      own: stationSn,
      flag: call.t(`widgets.${entry.widget.type}.fields.${OTHER_STATION}`),
    });
  const fields = found.map((entry) => ({ path: `widgets.${entry.index}.config.${entry.path}`, message: message(entry) }));
  const first = fields[0]!;
  const more = found.length > 1 ? ` ${call.t('dashboard.otherStation.more', { count: String(found.length - 1) })}` : '';
  throw new ApiError('validation', { detail: `${first.path}: ${first.message}${more}` }, fields);
}
