import { isObject, type Json, type JsonObject } from './sources';

/*
 * The shapes of the sources as codegen reads them, once their meta-schemas have checked them:
 * page schemas, their chart panels, the route tree, the entities.
 */

/** A page schema, as far as the checks read it (the meta-schema has checked its shape). */
export interface PageDecl {
  page: string;
  entity: string;
  scope?: string[];
  scopeParams?: Record<string, string>;
  links?: { route: string }[];
  resource: Record<string, string>;
  columns: { field: string; sortable?: boolean; tenThousands?: boolean }[];
  filters?: { field: string; range?: string[] }[];
  tabs?: { field: string; values?: (string | number)[]; counts?: string }[];
  lists?: { operation: string; query?: Record<string, string | number | boolean> }[];
  defaultSort: { field: string };
  rowActions?: (
    | { action: 'edit' }
    | { action: 'delete'; confirm: string }
    | { action: 'navigate'; page: string; params: Record<string, string> }
    | {
        action: 'form';
        form: string;
        load?: string;
        loadKeys?: { field: string; key: string };
        save: string;
        params: Record<string, string>;
        listParams?: string[];
        answer?: string[];
        admin?: true;
        when?: When;
      }
    | {
        action: 'call';
        operation: string;
        params: Record<string, string>;
        values?: Record<string, unknown>;
        label?: string;
        confirm?: string;
        admin?: true;
        when?: When;
      }
    | { action: 'view'; operation: string; entity?: string; params: Record<string, string>; columns: string[] }
    | { action: 'chart'; chart: ChartDecl; params: Record<string, string>; when?: When }
    | { action: 'open'; route: string; params: Record<string, string> }
    | { action: 'transition'; operation: string; confirm?: string; form?: string; admin?: true }
    | { action: 'download'; operation: string; params: Record<string, string> }
    | { action: 'upload'; operation: string; params: Record<string, string>; accept: string }
  )[];
  bulkActions?: { form: string; save: string; ids: string }[];
  form?: { ui: string };
  createForm?: { form: string; save: string; beside?: boolean };
  /** Operation id of the page's Excel export. */
  export?: string;
  /** Operation id of the page's PDF export. */
  exportPdf?: string;
  /** Operation id of the page's Excel import (a multipart upload of one workbook). */
  import?: string;
  deleteSelected?: string;
  charts?: { year?: boolean; panels: ChartDecl[] };
  tree?: { call: string; filter: string; children?: string; leaves?: string };
  notice?: { call: string; field: string };
  lookupColumn?: { call: string; keys?: string; key: string; value: string; unit?: string; after?: string; live?: boolean };
}

/** Rows whose field has one of the values. */
export interface Condition {
  field: string;
  in: string[];
}

/** Rows an action is offered on: those that meet the condition, or every condition of the list. */
export type When = Condition | Condition[];

/** A chart panel of a page (see the meta-schema's `chart`). */
export interface ChartDecl {
  call: string;
  type: 'figures' | 'gauge' | 'funnel' | 'bar' | 'line' | 'pie' | 'map';
  category?: string;
  categoryEnum?: string;
  categoryRef?: string;
  values: string[];
  money?: string[];
  items?: string;
}

/** Schemas of `schemas/entities` by their `x-entity` name, dereferenced. */
export type Entities = Record<string, JsonObject>;

/** A route of the tree, with its absolute path. */
export interface RouteDecl {
  name: string;
  path: string;
  parent?: string;
  redirect?: string;
  page?: string;
  screen?: string;
  open?: boolean;
  hidden?: boolean;
  tenants?: number[];
  admin?: boolean;
  permission?: string;
  participation?: boolean;
  participationPermission?: boolean;
  refresh?: boolean;
  keepAlive?: boolean;
  navigation?: string;
  shortcut?: boolean;
}

/** The calls a row action makes: a form's save and load, a chart's call, the others' operation. */
export function rowActionCalls(action: NonNullable<PageDecl['rowActions']>[number]): string[] {
  if (action.action === 'form') return action.load ? [action.save, action.load] : [action.save];
  if (action.action === 'chart') return [action.chart.call];
  return 'operation' in action ? [action.operation] : [];
}

/** The route tree, flat in tree order, every path absolute. */
export function flattenRoutes(routes: Json | undefined, parent?: RouteDecl): RouteDecl[] {
  return (Array.isArray(routes) ? routes : []).flatMap((route) => {
    if (!isObject(route)) return [];
    const { children, path, ...rest } = route as JsonObject & { path: string };
    const absolute = path.startsWith('/') ? path : `${parent?.path === '/' ? '' : (parent?.path ?? '')}/${path}`;
    const flat = { ...(rest as unknown as RouteDecl), path: absolute, ...(parent ? { parent: parent.name } : {}) };
    return [flat, ...flattenRoutes(children, flat)];
  });
}
