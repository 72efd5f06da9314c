import widgetConfigs from '../../generated/validators/widgetConfigs.js';
import { allRecords, equals } from '../emsassets/records';
import type { CallContext } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import type { CatalogVariable, TenantCatalog } from '../telemetry/catalog';
import { bindingsOf, meansOtherStation } from './bindings';

/** Why a binding has no counterpart at a station. */
export type Reason = 'unknown' | 'notFound' | 'noCode' | 'noDevice' | 'noVariable' | 'noLabel' | 'noCamera';

/** A binding a station cannot take, and where it is. */
export interface Unbound {
  widgetId: string;
  /** Where in the widget's configuration, e.g. `series.1.deviceVar`. */
  path: string;
  kind: 'variable' | 'label' | 'camera';
  /** What it is bound to, as people read it. */
  name: string;
  /** The device model and variable code it is matched by (variables). */
  detail?: string;
  /** The variable's own name, without its device's (variables). */
  variable?: string;
  /** The station's device of the same role, by its name there (`noVariable`). */
  device?: string;
  /** The device model (a device without one: its kind) the station has no device of, `#2` and on after the first (`noDevice`). */
  model?: string;
  reason: Reason;
}

interface Widget {
  id: string;
  type: string;
  config: Record<string, unknown>;
  /** A placeholder's: what the station could not bind, its role bindings kept as they are (see `resolveRoles`). */
  unbound?: Unbound[];
}

/** The layouts and widgets of a dashboard document. */
export interface DashboardContent {
  schemaVersion: number;
  layouts: Record<string, unknown[]>;
  widgets: unknown[];
}

/**
 * A dashboard bound to roles rather than to one station's serials: a variable as
 * `@{model}#{rank}.{code}` (its device as `@{model}#{rank}`), an energy label as its place in
 * `roles.labels` (1 the first), a camera as its place in channel order plus one (0 stays the
 * station's first camera); `roles` keeps the names people read of each.
 */
export interface RoleContent extends DashboardContent {
  roles: { variables: Record<string, string>; labels: string[]; cameras: string[] };
}

/** What a station offers a dashboard's bindings: its devices by role, its labels by path, its cameras in channel order. */
export interface Places {
  sn: string;
  /** The role of each device (`{model}#{rank}`), by serial number. */
  roleBySn: Map<string, string>;
  /** The variables of each role, by code. */
  byRole: Map<string, Map<string, CatalogVariable>>;
  /** The path of names of each energy label, by id. */
  labels: Map<number, string>;
  cameras: EntityRecord[];
  /** The name of the station's device of each role. */
  deviceNames?: Map<string, string>;
  /** The name the tenant's devices of a role's model (or kind) give a variable code, when any has it. */
  variableName?(role: string, code: string): string | undefined;
  /** The name of a kind of device, in the caller's language. */
  kindName?(kind: string): string;
}

/**
 * The role of each device of a station: its model (its type when it has none) and its rank among
 * the station's devices of that model, in serial-number order (numbers compared as numbers).
 */
function rolesOf(variables: CatalogVariable[]): Pick<Places, 'roleBySn' | 'byRole' | 'deviceNames'> {
  const devices = new Map<string, CatalogVariable>();
  for (const variable of variables) if (!devices.has(variable.deviceSn)) devices.set(variable.deviceSn, variable);
  const ranks = new Map<string, number>();
  const roleBySn = new Map<string, string>();
  const sorted = [...devices.values()].sort((a, b) => a.deviceSn.localeCompare(b.deviceSn, 'en', { numeric: true }));
  for (const device of sorted) {
    const key = device.deviceModel ?? `type:${device.deviceKind}`;
    const rank = ranks.get(key) ?? 0;
    ranks.set(key, rank + 1);
    roleBySn.set(device.deviceSn, `${key}#${rank}`);
  }
  const byRole = new Map<string, Map<string, CatalogVariable>>();
  const deviceNames = new Map<string, string>();
  for (const variable of variables) {
    const role = roleBySn.get(variable.deviceSn)!;
    deviceNames.set(role, variable.deviceName);
    const codes = byRole.get(role) ?? new Map<string, CatalogVariable>();
    if (variable.code) codes.set(variable.code, variable);
    byRole.set(role, codes);
  }
  return { roleBySn, byRole, deviceNames };
}

/** The energy labels of a station, each with its path of names from the top of the tree. */
function labelPaths(labels: EntityRecord[]): Map<number, string> {
  const byId = new Map(labels.map((label) => [Number(label.id), label]));
  const pathOf = (label: EntityRecord, depth = 0): string => {
    const parent = label.parentId == null ? undefined : byId.get(Number(label.parentId));
    return parent && depth < 20 ? `${pathOf(parent, depth + 1)} / ${String(label.name)}` : String(label.name);
  };
  return new Map(labels.map((label) => [Number(label.id), pathOf(label)]));
}

export async function placesOf(call: CallContext, catalog: TenantCatalog, station: EntityRecord): Promise<Places> {
  const where = [equals('stationId', station.id)];
  const [labels, cameras] = await Promise.all([
    allRecords(call, 'energyLabel', where),
    allRecords(call, 'camera', where, 'channelNo'),
  ]);
  return {
    sn: String(station.sn),
    ...rolesOf(catalog.byStation.get(String(station.sn)) ?? []),
    labels: labelPaths(labels),
    cameras,
    variableName: (role, code) => {
      const key = role.replace(/#\d+$/, '');
      for (const variable of catalog.bySn.values())
        if (variable.code === code && (variable.deviceModel ?? `type:${variable.deviceKind}`) === key) return variable.name;
      return undefined;
    },
    kindName: (kind) => call.t(`enums.deviceKind.${kind}`),
  };
}

const isBinding = (value: unknown): value is { deviceSn: string; varSn: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { varSn?: unknown }).varSn === 'string' &&
  typeof (value as { deviceSn?: unknown }).deviceSn === 'string';

/** Marks a part of a configuration that goes with a binding that cannot be taken. */
const DROP = Symbol('drop');

/**
 * Each field of each widget mapped: a variable binding (anywhere in the configuration) by
 * `variable`, `labelIds` and `cameraId` by `field`. A binding mapped to DROP takes the list item it
 * is in with it (a series, a gauge, a part goes with its variable), or the field.
 */
function mapWidgets(
  widgets: Widget[],
  variable: (binding: { deviceSn: string; varSn: string }, widgetId: string, path: string) => unknown,
  field: (widgetId: string, key: string, value: unknown) => unknown,
): Widget[] {
  const walk = (value: unknown, widgetId: string, path: string[]): unknown => {
    if (isBinding(value)) return variable(value, widgetId, path.join('.'));
    if (Array.isArray(value))
      return value.map((item, index) => walk(item, widgetId, [...path, String(index)])).filter((item) => item !== DROP);
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value).map(([key, item]) => [key, walk(item, widgetId, [...path, key])] as const);
      return entries.some(([, item]) => item === DROP) ? DROP : Object.fromEntries(entries);
    }
    return value;
  };
  return widgets.map((widget) => ({
    ...widget,
    config: Object.fromEntries(
      Object.entries(widget.config ?? {})
        .map(([key, value]) => {
          const mapped = field(widget.id, key, value);
          return [key, mapped === undefined ? walk(value, widget.id, [key]) : mapped] as const;
        })
        .filter(([, value]) => value !== DROP),
    ),
  }));
}

/**
 * A station's dashboard bound to roles, with what has no role: a variable of another station, one
 * the tenant does not have (`notFound`) or one without a code to match by (left out as a binding a
 * station cannot take is). A widget that says it shows another station's data (`otherStation`)
 * keeps its bindings of the tenant's other stations as they are: it means those stations.
 */
export function toRoles(
  content: DashboardContent,
  catalog: TenantCatalog,
  source: Places,
): { content: RoleContent; unbound: Unbound[] } {
  const unbound: Unbound[] = [];
  const roles: RoleContent['roles'] = { variables: {}, labels: [], cameras: [] };
  const meaning = new Set(
    (content.widgets as Widget[]).filter((widget) => meansOtherStation(widget.config)).map((widget) => widget.id),
  );
  const placeholders = new Map(
    (content.widgets as Widget[]).flatMap((widget) => (widget.unbound ? [[widget.id, widget.unbound] as const] : [])),
  );
  const variable = (binding: { varSn: string }, widgetId: string, path: string) => {
    // A placeholder keeps the roles its station could not bind: they stay roles, to be bound where they can be.
    const kept = binding.varSn.startsWith('@') ? placeholders.get(widgetId) : undefined;
    if (kept) {
      roles.variables[binding.varSn] ??= kept.find((entry) => entry.path === path)?.name ?? binding.varSn;
      return binding;
    }
    const from = catalog.bySn.get(binding.varSn);
    if (from && from.stationSn !== source.sn && meaning.has(widgetId)) return binding;
    // People read it by the variable's own name (`variable`): its device is not one of the station it goes to.
    if (!from || from.stationSn !== source.sn) {
      const named = from ? { name: `${from.deviceName} / ${from.name}`, variable: from.name } : { name: binding.varSn };
      unbound.push({ widgetId, path, kind: 'variable', ...named, reason: from ? 'unknown' : 'notFound' });
      return DROP;
    }
    const name = `${from.deviceName} / ${from.name}`;
    if (!from.code) {
      const detail = from.deviceModel ?? from.deviceKind;
      unbound.push({ widgetId, path, kind: 'variable', name, detail, variable: from.name, reason: 'noCode' });
      return DROP;
    }
    const role = source.roleBySn.get(from.deviceSn)!;
    roles.variables[`@${role}.${from.code}`] = name;
    return { deviceSn: `@${role}`, varSn: `@${role}.${from.code}` };
  };
  const field = (widgetId: string, key: string, value: unknown) => {
    if (key === 'labelIds' && Array.isArray(value))
      return value.map((id: unknown) => {
        const path = source.labels.get(Number(id)) ?? `#${String(id)}`;
        if (!roles.labels.includes(path)) roles.labels.push(path);
        return roles.labels.indexOf(path) + 1;
      });
    if (key === 'cameraId' && typeof value === 'number' && value !== 0) {
      const place = source.cameras.findIndex((camera) => Number(camera.id) === value);
      if (place < 0) {
        unbound.push({ widgetId, path: key, kind: 'camera', name: `#${value}`, reason: 'noCamera' });
        return 0;
      }
      roles.cameras[place] = String(source.cameras[place]!.name);
      return place + 1;
    }
    return undefined;
  };
  // What a station could not bind is the station's to say, not the template's.
  const widgets = mapWidgets(content.widgets as Widget[], variable, field).map(({ unbound: _, ...widget }) => widget);
  return { content: { schemaVersion: content.schemaVersion, layouts: content.layouts, widgets, roles }, unbound };
}

/**
 * A dashboard bound to roles as a station takes it: each variable the variable of the same code on
 * the station's device of the same role, each label the label of the same path, each camera the
 * camera at the same place. What the station lacks is listed, named as its people read it (the
 * variable, the station's own device of the role or the model it has no device of), and left out;
 * a widget that lost something (here or in `earlier`) and is no longer valid without it is left out
 * whole, or, with `placeholders`, kept as a placeholder: its bindings the station cannot take kept
 * as roles and what it could not bind as its `unbound`, so that its place stays and editing can
 * bind it (or remove it).
 */
export function resolveRoles(
  content: RoleContent,
  target: Places,
  earlier: Unbound[] = [],
  { placeholders = false }: { placeholders?: boolean } = {},
) {
  const unbound: Unbound[] = [];
  let rebound = 0;
  /** The station's variable of a role's binding, or what it lacks, named. */
  const take = (varSn: string): { deviceSn: string; varSn: string } | Omit<Unbound, 'widgetId' | 'path'> => {
    const at = varSn.lastIndexOf('.');
    const role = varSn.slice(1, at);
    const code = varSn.slice(at + 1);
    const model = role.replace(/#\d+$/, '');
    const rank = Number(role.slice(model.length + 1));
    const to = target.byRole.get(role)?.get(code);
    if (to) return { deviceSn: to.deviceSn, varSn: to.sn };
    const name = content.roles.variables[varSn] ?? varSn;
    const device = target.deviceNames?.get(role);
    const has = target.byRole.has(role);
    const kind = model.startsWith('type:') ? model.slice(5) : undefined;
    return {
      kind: 'variable',
      name,
      detail: `${kind ?? model} · ${code}`,
      variable: target.variableName?.(role, code) ?? name.split(' / ').pop(),
      ...(has && device
        ? { device }
        : { model: `${kind === undefined ? model : (target.kindName?.(kind) ?? kind)}${rank ? ` #${rank + 1}` : ''}` }),
      reason: has ? 'noVariable' : 'noDevice',
    };
  };
  const variable = (binding: { varSn: string }, widgetId: string, path: string) => {
    // Not a role: a binding a widget keeps as it is, since it means that station (see `toRoles`).
    if (!binding.varSn.startsWith('@')) return binding;
    const taken = take(binding.varSn);
    if ('reason' in taken) {
      unbound.push({ widgetId, path, ...taken });
      return DROP;
    }
    rebound += 1;
    return taken;
  };
  const labels = new Map([...target.labels].map(([id, path]) => [path, id]));
  const field = (widgetId: string, key: string, value: unknown) => {
    if (key === 'labelIds' && Array.isArray(value))
      return value.flatMap((place: unknown, index) => {
        const path = content.roles.labels[Number(place) - 1] ?? String(place);
        const to = labels.get(path);
        if (to === undefined) {
          unbound.push({ widgetId, path: `${key}.${index}`, kind: 'label', name: path, reason: 'noLabel' });
          return [];
        }
        rebound += 1;
        return [to];
      });
    if (key === 'cameraId' && typeof value === 'number' && value !== 0) {
      const to = target.cameras[value - 1];
      if (!to) {
        unbound.push({
          widgetId,
          path: key,
          kind: 'camera',
          name: content.roles.cameras[value - 1] ?? String(value),
          reason: 'noCamera',
        });
        // 0 shows the station's first camera.
        return 0;
      }
      rebound += 1;
      return Number(to.id);
    }
    return undefined;
  };
  const touched = new Set([...earlier, ...unbound].map((entry) => entry.widgetId));
  const mapped = mapWidgets(content.widgets as Widget[], variable, field);
  for (const entry of unbound) touched.add(entry.widgetId);
  const invalid = mapped
    .filter((widget) => touched.has(widget.id) && !widgetConfigs[widget.type]?.(widget.config))
    .map((widget) => widget.id);
  if (placeholders) {
    const roleWidgets = new Map((content.widgets as Widget[]).map((widget) => [widget.id, widget]));
    // A widget that bound variables and can bind none here would show nothing: it is a placeholder too.
    const bare = mapped
      .filter((widget) => touched.has(widget.id) && !invalid.includes(widget.id))
      .filter((widget) => bindingsOf(widget.config).length === 0 && bindingsOf(roleWidgets.get(widget.id)!.config).length > 0)
      .map((widget) => widget.id);
    const held = [...invalid, ...bare];
    // The role bindings of a placeholder stay roles; what it can take is bound (counted once already).
    const kept = (binding: { deviceSn: string; varSn: string }) => {
      if (!binding.varSn.startsWith('@')) return binding;
      const taken = take(binding.varSn);
      return 'reason' in taken ? binding : taken;
    };
    const keep = (widget: Widget): Widget => {
      const why = [...earlier, ...unbound].filter((entry) => entry.widgetId === widget.id);
      // Mapped again: what its labels and cameras lack is listed and counted once, above.
      const [listed, counted] = [unbound.length, rebound];
      const [whole] = mapWidgets([roleWidgets.get(widget.id)!], kept, field);
      unbound.length = listed;
      rebound = counted;
      return { ...whole!, unbound: why };
    };
    const widgets = mapped.map((widget) => (held.includes(widget.id) ? keep(widget) : widget));
    return {
      content: { schemaVersion: content.schemaVersion, layouts: content.layouts, widgets } as DashboardContent,
      rebound,
      unbound,
      leftOut: [],
      placeholders: held,
    };
  }
  const leftOut = invalid;
  const widgets = mapped.filter((widget) => !leftOut.includes(widget.id));
  const layouts = Object.fromEntries(
    Object.entries(content.layouts).map(([size, items]) => [
      size,
      (items as { id: string }[]).filter((item) => !leftOut.includes(item.id)),
    ]),
  );
  return {
    content: { schemaVersion: content.schemaVersion, layouts, widgets } as DashboardContent,
    rebound,
    unbound,
    leftOut,
    placeholders: [] as string[],
  };
}
