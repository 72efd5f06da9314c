import { flattenRoutes, rowActionCalls, type ChartDecl, type Entities, type PageDecl } from './declarations';
import { schemaValidator } from './kept';
import { enumKeysOf } from './labels';
import {
  listedRecordSchema,
  pageRecordSchema,
  propertyOf,
  requiredParamsOf,
  requiredQueryOf,
  sortFieldsOf,
  type Operation,
} from './operations';
import { isObject, type JsonObject, type Sources } from './sources';

/** The `typeof` of a value of a JSON Schema type. */
const jsonType = (type: unknown) => (type === 'integer' ? 'number' : type);

export function checkPages(
  src: Sources,
  meta: JsonObject,
  entities: Entities,
  operations: Operation[],
  problems: string[],
): void {
  const validate = schemaValidator(meta);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const pages = new Map(src.pages.map(({ content }) => [String(content.page), content as unknown as PageDecl]));
  const routes = flattenRoutes(src.routes.routes);
  // The enumerations (`x-enum`) anywhere in the schemas, which may name the categories of charts.
  const enumKeys = new Map<string, string>();
  for (const file of src.schemas) enumKeysOf(file.content, file.path, enumKeys);
  const enums = new Set([...enumKeys.keys()].map((key) => key.split('.')[1] ?? ''));
  for (const { path, content } of src.pages) {
    if (!validate(content)) {
      for (const error of validate.errors ?? []) problems.push(`${path}: ${error.instancePath || '/'} ${error.message ?? ''}`);
      continue;
    }
    const page = content as unknown as PageDecl;
    const fail = (text: string) => problems.push(`${path}: ${text}`);
    const entity = entities[page.entity];
    if (!entity) fail(`entity ${page.entity} does not exist`);
    for (const link of page.links ?? []) {
      const route = routes.find((candidate) => candidate.name === link.route);
      if (!route?.screen && !route?.page) fail(`link: ${link.route} is no route with a page or a screen`);
    }
    for (const [role, id] of Object.entries(page.resource)) {
      const op = byId.get(id);
      if (!op) {
        fail(`${role} operation ${id} is not in the OpenAPI document`);
        continue;
      }
      if (op.resource && op.resource.entity !== page.entity)
        fail(`${role} operation ${id} serves ${op.resource.entity}, not ${page.entity}`);
      if ((role === 'create' || role === 'update') && op.body?.['x-entity'] !== page.entity)
        fail(`${role} operation ${id} does not take a ${page.entity}`);
      if ((role === 'get' || role === 'delete') && !propertyOf(op.query, 'id') && !propertyOf(op.params, 'id'))
        fail(`${role} operation ${id} takes no id`);
    }
    const list = byId.get(page.resource.list ?? '');
    if (!list) continue;
    const record = pageRecordSchema(list);
    if (!record) {
      fail(`list operation ${list.operationId} does not answer a page of records`);
      continue;
    }
    /** The query parameter the lists take a scope field under: its own name, or the one `scopeParams` gives. */
    const scopeParam = (field: string) => page.scopeParams?.[field] ?? field;
    // The page's lists: its own, then the others it offers (`lists`), each answering a page of its records.
    const lists = [list];
    /** The values each of the other lists is always called with: no filter or tab of that list sets them. */
    const fixedOf = new Map<Operation, Record<string, unknown>>();
    for (const { operation, query = {} } of page.lists ?? []) {
      const other = byId.get(operation);
      if (!other) {
        fail(`list ${operation} is not in the OpenAPI document`);
        continue;
      }
      if (other === list) fail(`list ${operation} is the page's own list`);
      if (pageRecordSchema(other)?.['x-entity'] !== page.entity)
        fail(`list ${operation} does not answer a page of ${page.entity}`);
      for (const field of page.scope ?? [])
        if (!propertyOf(other.query, scopeParam(field))) fail(`list ${operation} does not take ${field} of the page's scope`);
      // What the list is always called with is a value its parameter takes.
      for (const [param, value] of Object.entries(query)) {
        const parameter = propertyOf(other.query, param);
        if (!parameter) fail(`list ${operation} has no query parameter ${param}`);
        else if (Array.isArray(parameter.enum) ? !parameter.enum.includes(value) : typeof value !== jsonType(parameter.type))
          fail(`list ${operation}: ${JSON.stringify(value)} is no value of its query parameter ${param}`);
      }
      // What the list needs, the page's scope, its fixed query or a filter the user chooses gives before it lists.
      for (const param of requiredQueryOf(other))
        if (
          !page.scope?.some((field) => scopeParam(field) === param) &&
          !(param in query) &&
          !(page.filters ?? []).some((f) => (f.range ?? [f.field]).includes(param))
        )
          fail(`list ${operation} needs ${param}, which neither the page's scope nor a filter gives`);
      lists.push(other);
      fixedOf.set(other, query);
    }
    const names = lists.map((op) => op.operationId).join(' or ');
    /** The page's lists that take every one of the query parameters: a filter or tab shows with those. */
    const taking = (...params: string[]) =>
      lists.filter((op) => params.every((param) => propertyOf(op.query, param) && !(param in (fixedOf.get(op) ?? {}))));
    for (const op of lists)
      for (const column of page.columns) {
        const property = propertyOf(pageRecordSchema(op), column.field);
        if (!property) fail(`column ${column.field} is not a property of what ${op.operationId} answers`);
        else if (column.tenThousands && (property.type !== 'number' || property['x-decimals'] !== 2))
          fail(`column ${column.field} is shown in ten-thousands but is no amount (a number with x-decimals 2)`);
      }
    for (const filter of page.filters ?? []) {
      if (!filter.range) {
        if (taking(filter.field).length === 0) fail(`filter ${filter.field} is not a query parameter of ${names}`);
        continue;
      }
      const format = propertyOf(entity, filter.field)?.format;
      if (format !== 'date' && format !== 'date-time') fail(`range filter ${filter.field} is not a date or date-time property`);
      const takers = taking(...filter.range);
      if (takers.length === 0)
        fail(`range filter ${filter.field}: ${filter.range.join(' and ')} are no query parameters of ${names}`);
      for (const op of takers)
        filter.range.forEach((param, index) => {
          const binding = op.filters[param];
          const bound = index === 0 ? 'gte' : 'lte';
          if (binding?.field !== filter.field || binding.op !== bound)
            fail(`range filter ${filter.field}: ${param} is no query parameter of ${op.operationId} filtering it by ${bound}`);
        });
    }
    for (const tab of page.tabs ?? []) {
      if (taking(tab.field).length === 0) fail(`tab ${tab.field} is not a query parameter of ${names}`);
      const codes = propertyOf(entity, tab.field)?.enum;
      if (!Array.isArray(codes)) fail(`tab ${tab.field} is not a coded property of ${page.entity}`);
      else if ((tab.values ?? []).some((value) => !codes.includes(value)))
        fail(`tab ${tab.field} offers a value ${page.entity} does not have`);
      if (tab.counts !== undefined) {
        const counts = byId.get(tab.counts);
        if (
          counts?.method !== 'get' ||
          counts.resource?.action !== 'aggregate' ||
          counts.resource.entity !== page.entity ||
          counts.resource.groupBy !== tab.field
        )
          fail(`tab ${tab.field}: counts ${tab.counts} is no GET counting ${page.entity} by ${tab.field}`);
        else if (requiredQueryOf(counts).length > 0)
          fail(`tab ${tab.field}: counts ${tab.counts} needs parameters a list does not give`);
      }
    }
    for (const field of page.scope ?? []) {
      const param = scopeParam(field);
      if (!propertyOf(list.query, param)) fail(`scope ${field} is not a query parameter of ${list.operationId}`);
      else if (param !== field) {
        // Taken under another name: by a parameter that filters the field by equality.
        const binding = list.filters[param];
        if (binding?.field !== field || binding.op !== 'eq')
          fail(`scope ${field}: ${param} is no query parameter of ${list.operationId} filtering it by eq`);
      }
      if (!propertyOf(entity, field)) fail(`scope ${field} is not a property of ${page.entity}`);
    }
    for (const field of Object.keys(page.scopeParams ?? {}))
      if (!page.scope?.includes(field)) fail(`scopeParams: ${field} is not a field of the page's scope`);
    // A column sorts in the lists that can sort by it; the page's own list sorts by the default.
    for (const column of page.columns.filter((c) => c.sortable))
      if (!lists.some((op) => sortFieldsOf(op).includes(column.field)))
        fail(`${names} cannot sort by ${column.field} (its sortField does not offer it)`);
    if (!sortFieldsOf(list).includes(page.defaultSort.field))
      fail(`${list.operationId} cannot sort by ${page.defaultSort.field} (its sortField does not offer it)`);
    for (const action of page.rowActions ?? []) {
      if (action.action === 'form' || action.action === 'call' || action.action === 'chart')
        for (const { field } of [action.when ?? []].flat())
          if (!propertyOf(record, field))
            fail(`${action.action} action: it is offered by field ${field}, which the rows do not have`);
      // An action whose call is for administrators is offered to them only, and says so (on a page
      // whose list is for them, every action is).
      const called = rowActionCalls(action).filter((id) => byId.get(id)?.access.admin === true);
      const markable = action.action === 'form' || action.action === 'call' || action.action === 'transition';
      const admin = markable && action.admin === true;
      if (called.length > 0 && !admin && list?.access.admin !== true)
        fail(
          markable
            ? `${action.action} action: ${called.join(', ')} is for administrators (x-admin): mark it "admin": true`
            : `${action.action} action: ${called.join(', ')} is for administrators (x-admin); only a form, call or transition is offered to them alone`,
        );
      if (admin && called.length === 0)
        fail(
          `${action.action} action: "admin" is for a call for administrators (x-admin), and ${rowActionCalls(action).join(', ')} is not`,
        );
      if (action.action === 'edit' && !page.resource.update) fail('an edit action needs an update operation');
      if (action.action === 'delete' && !page.resource.delete) fail('a delete action needs a delete operation');
      if (action.action === 'transition') {
        const op = byId.get(action.operation);
        if (op?.resource?.action !== 'transition' || op.resource.entity !== page.entity)
          fail(`transition action: ${action.operation} is no transition of ${page.entity}`);
        const form = op?.body?.['x-form'];
        if (op?.body && form !== action.form)
          fail(
            `transition action: ${action.operation} takes a body; the action names its form (${String(form ?? 'none: give the body an x-form')})`,
          );
        if (!op?.body && action.form) fail(`transition action: ${action.operation} takes no body, so no form`);
        continue;
      }
      if (action.action === 'form') {
        const save = byId.get(action.save);
        if (save?.body?.['x-form'] !== action.form) fail(`form action: ${action.save} does not take the form ${action.form}`);
        const load = action.load ? byId.get(action.load) : undefined;
        if (action.load && !load) fail(`form action: ${action.load} is not in the OpenAPI document`);
        if (action.loadKeys) {
          // The list `load` answers fills one list field of the form, a property of each record.
          const { field, key } = action.loadKeys;
          const loaded = load && (load.plain ? load.response : propertyOf(load.response, 'data'));
          const records = loaded?.type === 'array' && isObject(loaded.items) ? loaded.items : undefined;
          if (!action.load) fail('form action: loadKeys is for a form with a load operation');
          else if (load && !propertyOf(records, key)) fail(`form action: ${action.load} answers no list of records with ${key}`);
          if (propertyOf(save?.body, field)?.type !== 'array')
            fail(`form action: ${field} of the form ${action.form} is no list`);
        }
        for (const [param, field] of Object.entries(action.params)) {
          if (!propertyOf(save?.body, param)) fail(`form action: ${param} is not a field of the form ${action.form}`);
          if (!propertyOf(record, field)) fail(`form action: field ${field} is not in the rows`);
        }
        const answer = save && (save.plain ? save.response : propertyOf(save.response, 'data'));
        const answered = answer?.type === 'array' && isObject(answer.items) ? answer.items : undefined;
        for (const field of action.answer ?? [])
          if (!propertyOf(answered, field)) fail(`form action: ${action.save} answers no list of records with ${field}`);
        for (const param of action.listParams ?? []) {
          if (!(param in action.params)) fail(`form action: list parameter ${param} is not one of its params`);
          if (propertyOf(save?.body, param)?.type !== 'array')
            fail(`form action: ${param} of the form ${action.form} is no list`);
        }
        continue;
      }
      if (action.action === 'chart') {
        // A chart about the row reads with its path and query, each parameter from a field of the row.
        checkChart(action.chart, { byId, enums, year: false, entities, bodyReads: true }, (text) =>
          fail(`chart action: ${text}`),
        );
        checkRowParams('chart action', byId.get(action.chart.call), action.chart.call, action.params, {}, record, fail);
        continue;
      }
      if (action.action === 'call' || action.action === 'view') {
        const op = byId.get(action.operation);
        const where = `${action.action} action`;
        if (!op) fail(`${where}: ${action.operation} is not in the OpenAPI document`);
        if (op?.body && action.action === 'view') fail(`${where}: ${action.operation} takes a body; a view reads`);
        const values = action.action === 'call' ? (action.values ?? {}) : {};
        checkRowParams(where, op, action.operation, action.params, values, record, fail);
        if (action.action === 'view' && op) {
          const listed = action.entity ?? page.entity;
          const data = op.plain ? op.response : propertyOf(op.response, 'data');
          // A list of records, a page of them (its records), or one record or none.
          const one = [data, ...(Array.isArray(data?.oneOf) ? data.oneOf : [])]
            .filter(isObject)
            .find((candidate) => candidate['x-entity'] === listed);
          const item = listedRecordSchema(op) ?? one;
          // Records of the call's own shape (a call schema, no entity) are shown in the columns they share
          // with the entity, and in columns of their own, which the view labels (`views.<operation>.<column>`).
          const own = item !== undefined && item['x-entity'] === undefined;
          if (!entities[listed]) fail(`${where}: ${listed} is no entity`);
          else if (!own && item?.['x-entity'] !== listed)
            fail(`${where}: ${action.operation} answers neither a list, nor a page, nor one record of ${listed}`);
          else
            for (const column of action.columns) {
              if (!own && !propertyOf(entities[listed], column))
                fail(`${where}: column ${column} is not a property of ${listed}`);
              else if (!propertyOf(item, column))
                fail(`${where}: column ${column} is not in the records ${action.operation} answers`);
            }
        }
        continue;
      }
      if (action.action === 'download' || action.action === 'upload') {
        // A download answers a file and takes no body; an upload sends one file and answers data.
        const op = byId.get(action.operation);
        const where = `${action.action} action`;
        if (action.action === 'download' && (!op?.binary || op.body))
          fail(`${where}: ${action.operation} is no call answering a file without a body (x-binary)`);
        if (action.action === 'upload' && (!op?.multipart || op.binary))
          fail(`${where}: ${action.operation} is no upload of a file (a multipart body, answering data)`);
        for (const [param, field] of Object.entries(action.params)) {
          if (!propertyOf(op?.params, param) && !propertyOf(op?.query, param))
            fail(`${where}: ${param} is no parameter of ${action.operation}`);
          if (!propertyOf(record, field)) fail(`${where}: field ${field} is not in the rows`);
        }
        for (const required of requiredParamsOf(op))
          if (!(required in action.params)) fail(`${where}: ${action.operation} needs ${required}, which it does not give`);
        continue;
      }
      if (action.action === 'open') {
        const route = routes.find((candidate) => candidate.name === action.route);
        if (!route?.screen) fail(`open action: ${action.route} is no route with a screen`);
        for (const field of Object.values(action.params))
          if (!propertyOf(record, field)) fail(`open action: field ${field} is not in the rows`);
        continue;
      }
      if (action.action !== 'navigate') continue;
      const target = pages.get(action.page);
      if (!target) fail(`navigates to page ${action.page}, which does not exist`);
      for (const [param, field] of Object.entries(action.params)) {
        if (!target?.scope?.includes(param)) fail(`navigates with ${param}, which page ${action.page} does not take`);
        if (!propertyOf(record, field)) fail(`navigates with field ${field}, which the rows do not have`);
      }
    }
    for (const bulk of page.bulkActions ?? []) {
      const body = byId.get(bulk.save)?.body;
      if (body?.['x-form'] !== bulk.form) fail(`bulk action: ${bulk.save} does not take the form ${bulk.form}`);
      const ids = propertyOf(body, bulk.ids);
      if (ids?.type !== 'array' || !isObject(ids.items) || ids.items.type !== 'integer')
        fail(`bulk action: ${bulk.ids} of the form ${bulk.form} is no list of ids`);
    }
    if (page.tree) {
      // A list of nodes with id and name (each with its nodes under it, when nested); the picked id filters the list.
      const { call, filter, children, leaves } = page.tree;
      const op = byId.get(call);
      const data = op && (op.plain ? op.response : propertyOf(op.response, 'data'));
      const node = data?.type === 'array' && isObject(data.items) ? data.items : undefined;
      if (!op) fail(`tree: ${call} is not in the OpenAPI document`);
      else if (!propertyOf(node, 'id') || !propertyOf(node, 'name'))
        fail(`tree: ${call} answers no list of nodes with id and name`);
      else if (requiredParamsOf(op).length > 0) fail(`tree: ${call} needs parameters, which the tree does not give`);
      if (children && propertyOf(node, children)?.type !== 'array') fail(`tree: ${children} of the nodes of ${call} is no list`);
      if (leaves) {
        // What is picked: a list of leaves with id and name held by each node.
        const held = propertyOf(node, leaves);
        const leaf = held?.type === 'array' && isObject(held.items) ? held.items : undefined;
        if (!propertyOf(leaf, 'id') || !propertyOf(leaf, 'name'))
          fail(`tree: ${leaves} of the nodes of ${call} is no list of leaves with id and name`);
      }
      if (!propertyOf(list.query, filter) || !propertyOf(record, filter))
        fail(`tree: ${filter} is no query parameter of ${page.resource.list} and field of ${page.entity}`);
    }
    if (page.notice) {
      // A read without parameters it needs, answering an object whose field is a yes or no.
      const { call, field } = page.notice;
      const op = byId.get(call);
      if (!op) fail(`notice: ${call} is not in the OpenAPI document`);
      else if (op.method !== 'get' || requiredParamsOf(op).length > 0)
        fail(`notice: ${call} must be a GET without required parameters`);
      else if (propertyOf(propertyOf(op.response, 'data'), field)?.type !== 'boolean')
        fail(`notice: ${call} answers no object whose ${field} is a yes or no`);
    }
    if (page.lookupColumn) {
      // A list or a page of { key, value } answered, for the shown records' keys in the body, or for nothing.
      const { call, keys, key, value, unit, after } = page.lookupColumn;
      const op = byId.get(call);
      const item = op && listedRecordSchema(op);
      if (!op) fail(`lookup column: ${call} is not in the OpenAPI document`);
      else if (keys && (propertyOf(op.body, keys)?.type !== 'string' || !propertyOf(op.query, 'size')))
        fail(`lookup column: ${call} takes no ${keys} in its body and size in its query`);
      else if (!keys && (requiredParamsOf(op).length > 0 || (Array.isArray(op.body?.required) && op.body.required.length > 0)))
        fail(`lookup column: ${call} needs what the column does not give; name the body's property taking the keys (keys)`);
      else if (!propertyOf(item, key) || !propertyOf(item, value))
        fail(`lookup column: ${call} answers no list or page of records with ${key} and ${value}`);
      if (!propertyOf(record, key)) fail(`lookup column: ${key} is no field of ${page.entity}`);
      if (unit && !propertyOf(record, unit)) fail(`lookup column: ${unit} is no field of ${page.entity}`);
      if (after && !page.columns.some((column) => column.field === after))
        fail(`lookup column: ${after} is no column of the page`);
    }
    if (page.form && !src.uiSchemas[page.form.ui]) fail(`form UI schema ${page.form.ui} does not exist`);
    if (page.createForm) {
      const body = byId.get(page.createForm.save)?.body;
      if (body?.['x-form'] !== page.createForm.form)
        fail(`create form: ${page.createForm.save} does not take the form ${page.createForm.form}`);
      for (const field of page.scope ?? [])
        if (!propertyOf(body, field)) fail(`create form: ${page.createForm.form} has no field ${field} of the page's scope`);
    }
    for (const [id, format] of [
      [page.export, 'xlsx'],
      [page.exportPdf, 'pdf'],
    ] as const) {
      if (!id) continue;
      const op = byId.get(id);
      if (op?.resource?.action !== 'export' || op.resource.page !== page.page || (op.resource.format ?? 'xlsx') !== format)
        fail(`export ${id} is no ${format} export of this page (x-resource action export, page ${page.page}, format ${format})`);
      // Dates and times are written as the list shows them, in the zone the client names.
      if (!propertyOf(op?.query, 'timeZone')) fail(`export ${id} takes no timeZone (components/parameters/timeZone)`);
    }
    if (page.import) {
      const op = byId.get(page.import);
      if (!op?.multipart || op.binary)
        fail(`import ${page.import} is no upload of a workbook (a multipart body, answering data)`);
    }
    if (page.deleteSelected) {
      const op = byId.get(page.deleteSelected);
      if (op?.method !== 'delete' || propertyOf(op.query, 'ids')?.type !== 'string')
        fail(`deleteSelected ${page.deleteSelected} is no delete taking the ids as a comma list (query ids)`);
    }
    if (page.charts)
      for (const chart of page.charts.panels) checkChart(chart, { byId, enums, year: page.charts.year ?? false, entities }, fail);
  }
}

/**
 * The parameters a row action (a call, a view, a chart) gives its call, each from a field of the
 * row, or of a fixed value (`values`): a call fills its path and its query, or, when it takes a
 * body, its path and the body (every field of which comes from the row: no form asks for one).
 * Every required parameter is given.
 */
function checkRowParams(
  where: string,
  op: Operation | undefined,
  operation: string,
  params: Record<string, string>,
  values: Record<string, unknown>,
  record: JsonObject | undefined,
  fail: (text: string) => void,
): void {
  const sources = op?.body ? [op.params, op.body] : [op?.query, op?.params];
  for (const [param, field] of Object.entries(params)) {
    if (!sources.some((schema) => propertyOf(schema, param))) fail(`${where}: ${param} is no parameter of ${operation}`);
    if (!propertyOf(record, field)) fail(`${where}: field ${field} is not in the rows`);
  }
  for (const param of Object.keys(values))
    if (!sources.some((schema) => propertyOf(schema, param))) fail(`${where}: ${param} is no parameter of ${operation}`);
  for (const required of [op?.params?.required, op?.query?.required, op?.body?.required].flatMap((list) =>
    Array.isArray(list) ? list : [],
  ))
    if (!(String(required) in params) && !(String(required) in values))
      fail(`${where}: ${operation} needs ${String(required)}, which it does not give`);
}

/**
 * A chart panel (of a page, a chart board or a row's dialog): its call is a read of the contract (no
 * body; a row's dialog may send the row's fields as the body of a read, `x-read` or `x-batchable`)
 * answering what its type draws (an object for figures and gauges, or for figures a list of
 * one, an aggregate of all; a list of objects otherwise, or an object holding that list in
 * `items`) with the numeric values it names; a category that names each item; an enumeration that
 * exists; the year sent to a call that takes it, when the panels take one.
 */
export function checkChart(
  chart: ChartDecl,
  {
    byId,
    enums,
    year,
    entities,
    bodyReads = false,
  }: { byId: Map<string, Operation>; enums: Set<string>; year: boolean; entities?: Entities; bodyReads?: boolean },
  fail: (text: string) => void,
): void {
  const op = byId.get(chart.call);
  const where = `chart ${chart.call}`;
  if (!op) {
    fail(`${where} is not in the OpenAPI document`);
    return;
  }
  if (op.body && !(bodyReads && (op.batchable || op.read)))
    fail(
      `${where} takes a body; a chart's call reads with query parameters only${bodyReads ? ', or is a read taking the row in its body (x-read or x-batchable)' : ''}`,
    );
  if (year && !propertyOf(op.query, 'year')) fail(`${where} takes no year`);
  const answer = op.plain ? op.response : propertyOf(op.response, 'data');
  const listed = chart.type !== 'figures' && chart.type !== 'gauge';
  if (chart.items !== undefined && !listed) fail(`${where}: a ${chart.type} draws no list, so takes no items`);
  // The list drawn is the answer, or the property of it that `items` names.
  const data = chart.items !== undefined ? propertyOf(answer, chart.items) : answer;
  // Figures of an aggregate of all records (a list of one group) are its one item's.
  const one = chart.type === 'figures' && data?.type === 'array' && isObject(data.items) ? data.items : data;
  const item = listed ? (data?.type === 'array' && isObject(data.items) ? data.items : undefined) : one;
  if (item?.type !== 'object') {
    const what = listed ? `a list of objects${chart.items !== undefined ? ` in ${chart.items}` : ''}` : 'an object';
    fail(`${where} does not answer ${what}, which a ${chart.type} draws`);
    return;
  }
  for (const field of chart.values) {
    const type = propertyOf(item, field)?.type;
    const types = Array.isArray(type) ? type : [type];
    if (!types.includes('number') && !types.includes('integer')) fail(`${where}: ${field} is no number of its answer`);
  }
  for (const field of chart.money ?? [])
    if (!chart.values.includes(field)) fail(`${where}: money ${field} is not one of its values`);
  if (listed && !(chart.category && propertyOf(item, chart.category)))
    fail(`${where}: a ${chart.type} names its items by a category, a property of the answer's items`);
  if (!listed && chart.category) fail(`${where}: a ${chart.type} has no category`);
  // A map places each item by its longitude and latitude (none, or nothing, for one not located).
  if (chart.type === 'map')
    for (const field of ['longitude', 'latitude']) {
      const type = propertyOf(item, field)?.type;
      if (![type].flat().includes('number')) fail(`${where}: a map places its items by ${field}, a number of the answer's items`);
    }
  if (chart.categoryEnum && !enums.has(chart.categoryEnum)) fail(`${where}: enumeration ${chart.categoryEnum} does not exist`);
  const ref = chart.categoryRef;
  if (ref !== undefined && chart.categoryEnum)
    fail(`${where}: its categories are named by an enumeration or by an entity, not both`);
  if (ref !== undefined) {
    if (![...byId.values()].some((other) => other.resource?.action === 'options' && other.resource.entity === ref))
      fail(`${where}: ${ref} has no options call to name its categories`);
    // An aggregate grouped by a reference answers the ids of the entity that reference names.
    const grouped = op.resource?.groupBy;
    const named = grouped && entities ? propertyOf(entities[op.resource?.entity ?? ''], grouped)?.['x-ref'] : undefined;
    if (named !== undefined && named !== ref) fail(`${where}: its categories are ids of ${String(named)}, not of ${ref}`);
  }
}
