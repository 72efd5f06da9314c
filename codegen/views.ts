import { basename } from 'node:path';
import type { ChartDecl, RouteDecl } from './declarations';
import { schemaValidator } from './kept';
import { checkChart } from './pageChecks';
import { propertyOf, requiredParamsOf, type Operation } from './operations';
import { isObject, type Json, type JsonObject } from './sources';

/** The generic screen kinds a view is declared for (`screen` of its route). */
export const VIEW_KINDS = [
  'stationBoard',
  'historyCurves',
  'deviceMonitor',
  'seriesStatistics',
  'seriesComparison',
  'seriesReport',
  'chartBoard',
  'income',
  'wiringDiagram',
  'deviceHealth',
] as const;

/** A view file of `schemas/views/`. */
export interface ViewFile {
  path: string;
  content: JsonObject;
}

interface BoardWidget {
  type: string;
  each?: string;
  config: JsonObject;
}

/** A chart board's panel: a chart, and the parameters its call takes from the controls above the panels. */
interface BoardPanel extends ChartDecl {
  year?: true;
  station?: string;
  day?: string;
  month?: string;
}

const PLACEHOLDER = /^\$(var|device|label|camera)$/;

/**
 * The configuration with every placeholder replaced by a value of its shape (a device variable,
 * a text, a camera id), so that it can be checked against the widget's schema; the label keys
 * it names are collected.
 */
function filled(value: Json, labels: string[], problems: string[]): Json {
  if (Array.isArray(value)) return value.map((item) => filled(item, labels, problems));
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const only = keys.length === 1 ? keys[0] : undefined;
  if (only && PLACEHOLDER.test(only)) {
    const argument = value[only];
    if (typeof argument !== 'string') {
      problems.push(`${only} takes a text`);
      return null;
    }
    if (only === '$var') {
      if (!/^[A-Za-z]+(#\d+)?\.[A-Za-z0-9_]+$/.test(argument)) problems.push(`$var ${argument} is not <device kind>[#n].<code>`);
      return { deviceSn: 'DEVICE', varSn: 'DEVICE.code' };
    }
    if (only === '$device') {
      if (!/^[A-Za-z]+(#\d+)?$/.test(argument)) problems.push(`$device ${argument} is not <device kind>[#n]`);
      return 'device';
    }
    if (only === '$label') {
      labels.push(argument);
      return 'label';
    }
    if (argument !== 'id' && argument !== 'name') problems.push(`$camera takes id or name, not ${argument}`);
    return argument === 'id' ? 1 : 'camera';
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, filled(inner, labels, problems)]));
}

/**
 * Checks the views: each against the meta-schema, named after a route that shows it by its kind
 * (and every route of a view kind has its view); a board's widgets exist and their configurations,
 * placeholders filled, satisfy their schemas; a device list's detail is a curves view; a chart
 * board's calls answer what their panels draw and take the query they are sent.
 */
export function checkViews(
  views: ViewFile[],
  meta: JsonObject,
  routes: RouteDecl[],
  operations: Operation[],
  widgets: Record<string, JsonObject>,
  enums: Set<string>,
  problems: string[],
): void {
  const validate = schemaValidator(meta, { projectKeywords: true });
  const byRoute = new Map(routes.map((route) => [route.name, route]));
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const declared = new Set<string>();
  for (const { path, content } of views) {
    const fail = (text: string) => problems.push(`${path}: ${text}`);
    if (!validate(content)) {
      for (const error of validate.errors ?? []) fail(`${error.instancePath || '/'} ${error.message ?? ''}`);
      continue;
    }
    const name = String(content.route);
    const kind = String(content.kind);
    declared.add(name);
    if (basename(path, '.json') !== name) fail(`the file of the view of ${name} is ${name}.json`);
    const route = byRoute.get(name);
    if (!route) fail(`route ${name} does not exist`);
    else if (route.screen !== kind) fail(`route ${name} shows screen ${route.screen ?? '(none)'}, not ${kind}`);
    if (kind === 'stationBoard') {
      for (const [index, widget] of (content.widgets as unknown as BoardWidget[]).entries()) {
        const schema = widgets[widget.type];
        if (!schema) {
          fail(`widget ${index + 1}: type ${widget.type} does not exist`);
          continue;
        }
        const found: string[] = [];
        const config = filled(widget.config, [], found);
        for (const text of found) fail(`widget ${index + 1}: ${text}`);
        const check = schemaValidator({ ...schema, $id: `widget:${widget.type}` }, { projectKeywords: true });
        if (!check(config))
          for (const error of check.errors ?? [])
            fail(`widget ${index + 1} (${widget.type}): ${error.instancePath || '/'} ${error.message ?? ''}`);
        if (widget.each === 'camera' && !JSON.stringify(widget.config).includes('"$camera"'))
          fail(`widget ${index + 1}: repeated per camera but names no $camera`);
      }
    }
    if (kind === 'deviceMonitor' && typeof content.detail === 'string') {
      if (byRoute.get(content.detail)?.screen !== 'historyCurves') fail(`detail ${content.detail} is no route of history curves`);
    }
    if (kind === 'chartBoard') {
      const panels = content.panels as unknown as BoardPanel[];
      // A board is the tenant's or one station's: its panels all take the station, or none does.
      const ofStation = panels.filter((panel) => panel.station !== undefined).length;
      if (ofStation > 0 && ofStation < panels.length) fail('its panels all take the station picked, or none does');
      for (const panel of panels) {
        checkChart(panel, { byId, enums, year: panel.year ?? false }, fail);
        const op = byId.get(panel.call);
        if (panel.station === undefined && (panel.day !== undefined || panel.month !== undefined))
          fail(`chart ${panel.call}: only the panels of a station take its day or month`);
        const given = [panel.station, panel.day, panel.month, panel.year ? 'year' : undefined].filter((p) => p !== undefined);
        for (const param of given)
          if (!propertyOf(op?.params, param) && !propertyOf(op?.query, param))
            fail(`chart ${panel.call}: ${param} is no parameter of it`);
        for (const param of requiredParamsOf(op)) if (!given.includes(param)) fail(`chart ${panel.call} needs ${param}`);
      }
    }
  }
  for (const route of routes) {
    if (route.screen && (VIEW_KINDS as readonly string[]).includes(route.screen) && !declared.has(route.name))
      problems.push(
        `schemas/routes/routes.json: ${route.name} shows ${route.screen}, but schemas/views/${route.name}.json is missing`,
      );
  }
}

/** The label keys the views use: their `$label` placeholders and their chart panels' titles and values. */
export function labelKeysOfViews(views: ViewFile[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const { path, content } of views) {
    const labels: string[] = [];
    if (content.kind === 'stationBoard')
      for (const widget of content.widgets as unknown as BoardWidget[]) filled(widget.config, labels, []);
    for (const key of labels) keys.set(key, path);
    if (content.kind === 'chartBoard')
      for (const panel of content.panels as unknown as ChartDecl[]) {
        keys.set(`charts.${panel.call}.title`, path);
        for (const field of panel.values) keys.set(`charts.${panel.call}.${field}`, path);
      }
  }
  return keys;
}
