import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { analyse } from './analyse';
import { loadSources, type JsonObject, type Sources } from './sources';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The project's sources, read once. */
const project = loadSources(root);

/** The project's own sources, with one page schema or translation changed. */
function sources(change: (src: Sources, page: JsonObject) => void): Sources {
  const src = structuredClone(project);
  const page = src.pages.find((p) => p.content.page === 'customer')?.content;
  if (!page) throw new Error('the customer page schema is missing');
  change(src, page);
  return src;
}

/** The translations of one file of `schemas/i18n/<language>/`, to change. */
function labelsOf(src: Sources, language: 'en' | 'zh', file: string): JsonObject {
  return src.i18n[language]?.find((f) => f.path.endsWith(`${language}/${file}`))?.content as JsonObject;
}

/** The chart panels of the bidding funnel's page (funnel, win rate, trend, plan versus actual, ranking). */
function funnelCharts(src: Sources): JsonObject[] {
  const charts = src.pages.find((p) => p.content.page === 'tenderFunnel')?.content.charts as JsonObject;
  return charts.panels as JsonObject[];
}

/** The row actions of the notices' page (its first: mark as read, a call on the row). */
function noticeActions(src: Sources): JsonObject[] {
  return (src.pages.find((p) => p.content.page === 'notice')?.content.rowActions ?? []) as JsonObject[];
}

/** The row actions of the guard events' page (its first: confirm the event, a form on the row). */
function guardEventActions(src: Sources): JsonObject[] {
  return (src.pages.find((p) => p.content.page === 'emsGuardEvent')?.content.rowActions ?? []) as JsonObject[];
}

/** The row actions of the EMS stations' page (its first: the screens a station shows, a form filled from a list). */
function stationActions(src: Sources): JsonObject[] {
  return (src.pages.find((p) => p.content.page === 'emsStation')?.content.rowActions ?? []) as JsonObject[];
}

/** The row actions of the EMS device models' page (edit, the register map's two downloads and its upload, delete). */
function deviceModelActions(src: Sources): JsonObject[] {
  return (src.pages.find((p) => p.content.page === 'emsDeviceModel')?.content.rowActions ?? []) as JsonObject[];
}

/** How long a test that analyses the whole project may take. */
const ANALYSIS_MS = 15_000;

describe('codegen analysis', () => {
  // The whole project is analysed in each test (every schema, call, page, widget and view): about a
  // second alone, several beside other test files on a busy machine.
  test('the project as it is has no problem', { timeout: ANALYSIS_MS }, async () => {
    expect((await analyse(structuredClone(project))).problems).toEqual([]);
  });

  test.each<[string, (src: Sources, page: JsonObject) => void, string]>([
    [
      'a column the list call does not answer',
      (_src, page) => (page.columns as JsonObject[]).push({ field: 'revenue' }),
      'column revenue is not a property of what getCustomerList answers',
    ],
    [
      'the route of a page listed by a call for administrators, not marked as theirs',
      (src) => {
        const entry = JSON.stringify(src.routes).replace('"page":"user","admin":true', '"page":"user"');
        src.routes = JSON.parse(entry) as JsonObject;
      },
      'UserManagement shows page user, whose list getUserPage is for administrators (x-admin): mark it "admin": true',
    ],
    [
      'a list always asked for a value its parameter does not take',
      (src) => {
        const worksheets = src.pages.find((p) => p.content.page === 'worksheet')?.content as JsonObject;
        worksheets.lists = [{ operation: 'getSiteTaskReportList', query: { status: 'finished' } }];
      },
      'list getSiteTaskReportList: "finished" is no value of its query parameter status',
    ],
    [
      'a list always asked for a parameter it does not have',
      (src) => {
        const worksheets = src.pages.find((p) => p.content.page === 'worksheet')?.content as JsonObject;
        worksheets.lists = [{ operation: 'getSiteTaskReportList', query: { finished: true } }];
      },
      'list getSiteTaskReportList has no query parameter finished',
    ],
    [
      'a scope field taken under a parameter that does not filter it',
      (src) => {
        const items = src.pages.find((p) => p.content.page === 'worksheetItems')?.content as JsonObject;
        items.scopeParams = { worksheetId: 'sortField' };
      },
      'scope worksheetId: sortField is no query parameter of getItemsBySheetId filtering it by eq',
    ],
    [
      'a scope parameter for a field outside the scope',
      (src) => {
        const items = src.pages.find((p) => p.content.page === 'worksheetItems')?.content as JsonObject;
        items.scopeParams = { worksheetId: 'sheetId', name: 'sheetId' };
      },
      "scopeParams: name is not a field of the page's scope",
    ],
    [
      'a filter none of the list calls takes',
      (_src, page) => (page.filters as JsonObject[]).push({ field: 'phone' }),
      'filter phone is not a query parameter of getCustomerList or getOwnerCustomerList',
    ],
    [
      'a sortable column none of the list calls can sort by',
      (_src, page) => (page.columns as JsonObject[]).push({ field: 'phone', sortable: true }),
      'getCustomerList or getOwnerCustomerList cannot sort by phone',
    ],
    [
      'a default sort the page’s own list cannot sort by',
      (_src, page) => (page.defaultSort = { field: 'phone', order: 'asc' }),
      'getCustomerList cannot sort by phone (its sortField does not offer it)',
    ],
    [
      'another list answering another entity',
      (_src, page) => (page.lists = [{ operation: 'getVehiclePage' }]),
      'list getVehiclePage does not answer a page of customer',
    ],
    [
      'another list that is the page’s own',
      (_src, page) => (page.lists = [{ operation: 'getCustomerList' }]),
      "list getCustomerList is the page's own list",
    ],
    [
      'a range filter none of the list calls takes',
      (_src, page) => (page.filters as JsonObject[]).push({ field: 'createTime', range: ['createdFrom', 'createdTo'] }),
      'range filter createTime: createdFrom and createdTo are no query parameters of getCustomerList or getOwnerCustomerList',
    ],
    [
      'another list needing a parameter that no filter gives',
      (src) => {
        const worksheet = src.pages.find((p) => p.content.page === 'worksheet')?.content as JsonObject;
        worksheet.filters = (worksheet.filters as JsonObject[]).filter((filter) => !filter.range);
      },
      "list getSheetsDuring needs startDate, which neither the page's scope nor a filter gives",
    ],
    [
      'another list without its label',
      (src) => {
        const pages = labelsOf(src, 'zh', 'customer.json').pages as JsonObject;
        delete (pages.customer as JsonObject & { lists: JsonObject }).lists.getOwnerCustomerList;
      },
      'label pages.customer.lists.getOwnerCustomerList is missing in zh',
    ],
    [
      'an operation that does not exist',
      (_src, page) => ((page.resource as JsonObject).update = 'updateCustomerEverywhere'),
      'update operation updateCustomerEverywhere is not in the OpenAPI document',
    ],
    [
      'an import that is no upload of a workbook',
      (_src, page) => (page.import = 'getCustomerList'),
      'import getCustomerList is no upload of a workbook (a multipart body, answering data)',
    ],
    [
      'a page schema that breaks its meta-schema',
      (_src, page) => (page.pageSizes = [10, 25]),
      '/pageSizes/1 must be equal to one of the allowed values',
    ],
    [
      'a label missing in zh',
      (src) => {
        const entities = labelsOf(src, 'zh', 'customer.json').entities as JsonObject;
        delete (entities.customer as JsonObject & { fields: JsonObject }).fields.city;
      },
      'label entities.customer.fields.city is missing in zh',
    ],
    [
      'a label in en only',
      (src) => {
        (labelsOf(src, 'en', 'common.json').common as JsonObject).onlyHere = 'English only';
      },
      'label common.onlyHere has no zh translation',
    ],
    [
      'a list parameter of a form action that the form takes as one value',
      (src) => {
        const [confirm] = guardEventActions(src);
        if (confirm) Object.assign(confirm, { params: { ids: 'id', confirmInfo: 'description' }, listParams: ['confirmInfo'] });
      },
      'form action: confirmInfo of the form emsGuardConfirm is no list',
    ],
    [
      'a form filled from a list whose records lack the property named',
      (src) => {
        const [screens] = stationActions(src);
        if (screens) screens.loadKeys = { field: 'menus', key: 'label' };
      },
      'form action: getSiteEmsMenu answers no list of records with label',
    ],
    [
      'a form filled from a list without a load operation',
      (src) => {
        const [screens] = stationActions(src);
        if (screens) delete screens.load;
      },
      'form action: loadKeys is for a form with a load operation',
    ],
    [
      'a form filled from a list into a field that is no list',
      (src) => {
        const [screens] = stationActions(src);
        if (screens) screens.loadKeys = { field: 'stationSn', key: 'key' };
      },
      'form action: stationSn of the form emsSiteMenu is no list',
    ],
    [
      'a form action offered by a field the rows do not have',
      (src) => {
        const [confirm] = guardEventActions(src);
        if (confirm) confirm.when = { field: 'mood', in: ['calm'] };
      },
      'form action: it is offered by field mood, which the rows do not have',
    ],
    [
      'a form action offered by a list of conditions, one of them on a field the rows do not have',
      (src) => {
        const [confirm] = guardEventActions(src);
        if (confirm)
          confirm.when = [
            { field: 'id', in: ['1'] },
            { field: 'weather', in: ['fine'] },
          ];
      },
      'form action: it is offered by field weather, which the rows do not have',
    ],
    [
      'a row of tabs counted by a call that does not count the records by its field',
      (src) => {
        const [tab] = (src.pages.find((p) => p.content.page === 'workFlow')?.content.tabs ?? []) as JsonObject[];
        if (tab) tab.counts = 'filterWorkFlow';
      },
      'tab flowStatus: counts filterWorkFlow is no GET counting workFlow by flowStatus',
    ],
    [
      'a call action with a parameter the call does not take',
      (src) => Object.assign(noticeActions(src)[0] ?? {}, { params: { id: 'id', userId: 'userId' } }),
      'call action: userId is no parameter of readNotice',
    ],
    [
      'a call action that leaves out a parameter the call needs',
      (src) => Object.assign(noticeActions(src)[0] ?? {}, { params: {} }),
      'call action: readNotice needs id, which it does not give',
    ],
    [
      'a call action that leaves out a field of the body the call needs',
      (src) => {
        const [take] = (src.pages.find((p) => p.content.page === 'customerPool')?.content.rowActions ?? []) as JsonObject[];
        if (take) take.params = {};
      },
      'call action: intoCustomer needs id, which it does not give',
    ],
    [
      'a call action without its label',
      (src) => {
        delete (labelsOf(src, 'en', 'siteops.json').actions as JsonObject).readNotice;
      },
      'label actions.readNotice is missing in en',
    ],
    [
      'a download action of a call that answers no file',
      (src) => Object.assign(deviceModelActions(src)[1] ?? {}, { operation: 'getEmsDeviceModel' }),
      'download action: getEmsDeviceModel is no call answering a file without a body (x-binary)',
    ],
    [
      'an upload action of a call that takes no file',
      (src) => Object.assign(deviceModelActions(src)[3] ?? {}, { operation: 'exportEmsDeviceModelMap' }),
      'upload action: exportEmsDeviceModelMap is no upload of a file (a multipart body, answering data)',
    ],
    [
      'an upload action that leaves out the record its call names',
      (src) => Object.assign(deviceModelActions(src)[3] ?? {}, { params: {} }),
      'upload action: importEmsDeviceModelMap needs id, which it does not give',
    ],
    [
      'a chart of a call that takes no year under a year picker',
      (src) => funnelCharts(src).push({ call: 'getBusBiddingInfoKanban', type: 'bar', category: 'key', values: ['count'] }),
      'chart getBusBiddingInfoKanban takes no year',
    ],
    [
      'a chart value that is not a number of the answer',
      (src) => Object.assign(funnelCharts(src)[2] ?? {}, { values: ['month'] }),
      'chart getBusBiddingInfoTrend: month is no number of its answer',
    ],
    [
      'figures of an aggregate of all records naming a value its one group does not have',
      (src) => {
        const charts = src.pages.find((p) => p.content.page === 'boardOrder')?.content.charts as JsonObject;
        const total = (charts.panels as JsonObject[]).find((panel) => panel.call === 'boardOrderTotal');
        if (total) total.values = ['count', 'total'];
      },
      'chart boardOrderTotal: total is no number of its answer',
    ],
    [
      'a list chart drawn from a call answering one object',
      (src) => Object.assign(funnelCharts(src)[1] ?? {}, { type: 'bar', category: 'year' }),
      'chart getBusBiddingInfoWinRate does not answer a list of objects, which a bar draws',
    ],
    [
      'a chart naming its categories by an enumeration that does not exist',
      (src) => Object.assign(funnelCharts(src)[0] ?? {}, { categoryEnum: 'funnelStages' }),
      'chart getBusBiddingInfoFunnel: enumeration funnelStages does not exist',
    ],
    [
      'a chart without its title',
      (src) => {
        const charts = labelsOf(src, 'zh', 'tender.json').charts as JsonObject;
        delete (charts.getBusBiddingInfoRanking as JsonObject).title;
      },
      'label charts.getBusBiddingInfoRanking.title is missing in zh',
    ],
    [
      'a bulk action whose call does not take its form',
      (_src, page) => (page.bulkActions = [{ form: 'crmCustomerTransferBatch', save: 'customerTrans', ids: 'ids' }]),
      'bulk action: customerTrans does not take the form crmCustomerTransferBatch',
    ],
    [
      'a bulk action filling a field that is no list of ids',
      (_src, page) => (page.bulkActions = [{ form: 'crmCustomerTransferBatch', save: 'customerTransBatch', ids: 'userId' }]),
      'bulk action: userId of the form crmCustomerTransferBatch is no list of ids',
    ],
    [
      'a view of a call that answers neither a list, nor a page, nor one record of the records of the page',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({
          action: 'view',
          operation: 'getCustomerOwnerList',
          params: {},
          columns: ['name'],
        }),
      'view action: getCustomerOwnerList answers neither a list, nor a page, nor one record of customer',
    ],
    [
      'a view of a call that answers one record, or none, of another entity',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({
          action: 'view',
          operation: 'getElectricityPriceConfig',
          params: { stationSn: 'name' },
          columns: ['name'],
        }),
      'view action: getElectricityPriceConfig answers neither a list, nor a page, nor one record of customer',
    ],
    [
      'a notice whose field is no yes or no',
      (_src, page) => (page.notice = { call: 'checkRankingPartake', field: 'rank' }),
      'notice: checkRankingPartake answers no object whose rank is a yes or no',
    ],
    [
      'a notice of a call that needs a parameter',
      (_src, page) => (page.notice = { call: 'getCustomerInfoById', field: 'partake' }),
      'notice: getCustomerInfoById must be a GET without required parameters',
    ],
    [
      'a map of a call whose items have no place',
      (src) => {
        const alarms = src.pages.find((p) => p.content.page === 'alarmEvent')?.content;
        if (alarms)
          alarms.charts = {
            panels: [{ call: 'getSiteAlarmInfo', type: 'map', category: 'stationName', values: ['openAlarms'] }],
          };
      },
      "chart getSiteAlarmInfo: a map places its items by longitude, a number of the answer's items",
    ],
    [
      'a lookup column whose keys are no property of its call',
      (src) => {
        const variables = src.pages.find((p) => p.content.page === 'emsDeviceVar')?.content;
        if (variables) variables.lookupColumn = { call: 'getDeviceVarPage', keys: 'sns', key: 'sn', value: 'data' };
      },
      'lookup column: getDeviceVarPage takes no sns in its body and size in its query',
    ],
    [
      'a lookup column of a call that needs what the column does not give',
      (src) => {
        const variables = src.pages.find((p) => p.content.page === 'emsDeviceVar')?.content;
        if (variables) variables.lookupColumn = { call: 'getRealtimeDataPage', key: 'sn', value: 'data' };
      },
      "lookup column: getRealtimeDataPage needs what the column does not give; name the body's property taking the keys (keys)",
    ],
    [
      'a lookup column paired by a field the listed records lack, with a unit they lack',
      (src) => {
        const stations = src.pages.find((p) => p.content.page === 'emsStation')?.content;
        if (stations) stations.lookupColumn = { call: 'getShushiLinkedStation', key: 'sn', value: 'linked', unit: 'unit' };
      },
      'lookup column: unit is no field of station',
    ],
    [
      'a lookup column after a column the page does not show',
      (src) => {
        const variables = src.pages.find((p) => p.content.page === 'emsDeviceVar')?.content;
        if (variables)
          variables.lookupColumn = { call: 'getRealtimeDataPage', keys: 'sns', key: 'sn', value: 'data', after: 'deviceId' };
      },
      'lookup column: deviceId is no column of the page',
    ],
    [
      'a lookup column of a value the answer lacks',
      (src) => {
        const stations = src.pages.find((p) => p.content.page === 'emsStation')?.content;
        if (stations) stations.lookupColumn = { call: 'getShushiLinkedStation', key: 'sn', value: 'capacity' };
      },
      'lookup column: getShushiLinkedStation answers no list or page of records with sn and capacity',
    ],
    [
      'a tree whose call answers no nodes with id and name',
      (_src, page) => (page.tree = { call: 'getCustomerOwnerList', filter: 'level' }),
      'tree: getCustomerOwnerList answers no list of nodes with id and name',
    ],
    [
      'a tree whose picked node sets no query parameter of the list',
      (src) => {
        const cameras = src.pages.find((p) => p.content.page === 'emsCamera')?.content;
        if (cameras) cameras.tree = { call: 'listIpcGroups', filter: 'streamUrl' };
      },
      'tree: streamUrl is no query parameter of getIpcPage and field of camera',
    ],
    [
      'a tree whose leaves are no list of records with id and name',
      (src) => {
        const phones = src.pages.find((p) => p.content.page === 'emsAlarmPhone')?.content;
        if (phones) phones.tree = { call: 'getDeptStationTree', filter: 'stationId', children: 'children', leaves: 'children' };
      },
      'tree: children of the nodes of getDeptStationTree is no list of leaves with id and name',
    ],
    [
      "a view of a call's own records with a column they do not have",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'emsDept')?.content.rowActions as JsonObject[];
        const view = actions.find((action) => action.action === 'view');
        if (view) view.columns = ['sn', 'address'];
      },
      'view action: column address is not in the records listDeptStations answers',
    ],
    [
      "a view's column of the call's own records without the view's label for it",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'emsEnergyLabel')?.content.rowActions as JsonObject[];
        const view = actions.find((action) => action.action === 'view');
        if (view) view.columns = ['name', 'deviceSn'];
      },
      'label views.getLabelLinkedVariables.deviceSn is missing in en',
    ],
    [
      "a row's chart sending its row as the body of a call that is not a read",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'executeSite')?.content.rowActions as JsonObject[];
        const chart = actions.find((action) => action.action === 'chart')?.chart as JsonObject | undefined;
        if (chart) chart.call = 'saveExecuteSite';
      },
      "chart action: chart saveExecuteSite takes a body; a chart's call reads with query parameters only, or is a read taking the row in its body (x-read or x-batchable)",
    ],
    [
      'a view with a column its records do not have',
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'salesOrder')?.content.rowActions as JsonObject[];
        const view = actions.find((action) => action.action === 'view');
        if (view) view.columns = ['orderNo', 'mood'];
      },
      'view action: column mood is not a property of salesOrder',
    ],
    [
      'a view naming no entity',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({
          action: 'view',
          operation: 'getQuoteForOrder',
          entity: 'quotation',
          params: { orderId: 'id' },
          columns: ['quoteNo'],
        }),
      'view action: quotation is no entity',
    ],
    [
      'a view of another entity with a column its records do not have',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({
          action: 'view',
          operation: 'getQuoteForOrder',
          entity: 'quote',
          params: { orderId: 'id' },
          columns: ['quoteNo', 'orderNo'],
        }),
      'view action: column orderNo is not a property of quote',
    ],
    [
      'a view passing a parameter its call has neither in its path nor in its query',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({
          action: 'view',
          operation: 'getQuoteForOrder',
          entity: 'quote',
          params: { orderId: 'id', serverId: 'id' },
          columns: ['quoteNo'],
        }),
      'view action: serverId is no parameter of getQuoteForOrder',
    ],
    [
      "a row's chart that does not give its call a required parameter",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'salesOrder')?.content.rowActions as JsonObject[];
        const chart = actions.find((action) => (action.chart as JsonObject | undefined)?.call === 'getPayInvoiceStat');
        if (chart) chart.params = {};
      },
      'chart action: getPayInvoiceStat needs orderId, which it does not give',
    ],
    [
      "a row's chart drawing a value that is not a number of its answer",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'salesOrder')?.content.rowActions as JsonObject[];
        const chart = actions.find((action) => (action.chart as JsonObject | undefined)?.call === 'getPayInvoiceStat')?.chart as
          JsonObject | undefined;
        if (chart) chart.values = ['contractAmount', 'unknownFigure'];
      },
      'chart action: chart getPayInvoiceStat: unknownFigure is no number of its answer',
    ],
    [
      "a row's chart offered by a field the rows do not have",
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'quote')?.content.rowActions as JsonObject[];
        const chart = actions.find((action) => action.action === 'chart');
        if (chart) chart.when = { field: 'mood', in: ['good'] };
      },
      'chart action: it is offered by field mood, which the rows do not have',
    ],
    [
      "a row's chart without the label of one of its values",
      (src) => {
        const charts = labelsOf(src, 'en', 'sales.json').charts as JsonObject;
        delete (charts.getProjFinishCalcDtl as JsonObject).receivableBalance;
      },
      'label charts.getProjFinishCalcDtl.receivableBalance is missing in en',
    ],
    [
      'a chart naming its categories by an entity no picker lists',
      (src) => {
        const charts = src.pages.find((p) => p.content.page === 'inspectionTask')?.content.charts as JsonObject;
        const [stations] = charts.panels as JsonObject[];
        if (stations) stations.categoryRef = 'ptzCommand';
      },
      'chart getInspectStations: ptzCommand has no options call to name its categories',
    ],
    [
      'a chart naming its categories as ids of another entity than its call groups by',
      (src) => {
        const charts = src.pages.find((p) => p.content.page === 'inspectionTask')?.content.charts as JsonObject;
        const [stations] = charts.panels as JsonObject[];
        if (stations) stations.categoryRef = 'user';
      },
      'chart getInspectStations: its categories are ids of station, not of user',
    ],
    [
      'a form whose call is for administrators, offered to everyone',
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'salesOrder')?.content.rowActions as JsonObject[];
        const correction = actions.find((action) => action.form === 'salesOrderCorrection');
        if (correction) delete correction.admin;
      },
      'form action: adminUpdateOrder is for administrators (x-admin): mark it "admin": true',
    ],
    [
      'a form offered to administrators alone, whose call is for everyone',
      (src) => {
        const actions = src.pages.find((p) => p.content.page === 'salesOrder')?.content.rowActions as JsonObject[];
        const transfer = actions.find((action) => action.form === 'salesOrderTransfer');
        if (transfer) transfer.admin = true;
      },
      'form action: "admin" is for a call for administrators (x-admin), and orderTransfer is not',
    ],
    [
      "a station board's panel that does not give its call the day it needs",
      (src) => {
        const board = src.views.find((view) => view.content.route === 'EmsMapStationFigures')?.content;
        const load = (board?.panels as JsonObject[]).find((panel) => panel.call === 'getDailyLoad');
        if (load) delete load.day;
      },
      'EmsMapStationFigures.json: chart getDailyLoad needs day',
    ],
    [
      "a board mixing the tenant's panels with a station's",
      (src) => {
        const board = src.views.find((view) => view.content.route === 'EmsMapStationFigures')?.content;
        (board?.panels as JsonObject[]).push({ call: 'getSynthesizeInfo', type: 'figures', values: ['stationCount'] });
      },
      'its panels all take the station picked, or none does',
    ],
    [
      'a chart drawing the items of a property that is no list',
      (src) => {
        const board = src.views.find((view) => view.content.route === 'EmsMapStationFigures')?.content;
        const month = (board?.panels as JsonObject[]).find((panel) => panel.call === 'getMonthlyCharge');
        if (month) month.items = 'total';
      },
      'chart getMonthlyCharge does not answer a list of objects in total, which a bar draws',
    ],
    [
      'an open action to a route without a screen',
      (_src, page) =>
        (page.rowActions as JsonObject[]).push({ action: 'open', route: 'EnterpriseHeadlines', params: { id: 'id' } }),
      'open action: EnterpriseHeadlines is no route with a screen',
    ],
  ])(
    'reports %s',
    async (_case, change, problem) => {
      const { problems } = await analyse(sources(change));
      expect(problems.some((p) => p.includes(problem))).toBe(true);
    },
    ANALYSIS_MS,
  );
});
