import { describe, expect, test } from 'vitest';
import schema from '../../generated/widgets/workOrderList.json';
import { i18nFor } from '../../runtime';
import { configDefaults, type SlotState } from '../../runtime/dashboard';
import { workOrderList } from '.';
import { chosenStatuses, orDash, rowsOf, worksheetsOf, type WorkOrderListConfig } from './rules';

const defaults = configDefaults(schema as never) as WorkOrderListConfig;
const context = {
  station: { sn: 'T2-ST1', name: 'T2-ST1', timeZone: 'Asia/Shanghai', fields: {} },
  now: Date.parse('2026-11-21T06:30:00Z'),
};
const SHEET = { id: 7, name: '储能舱月度维护', type: 'maintenance', status: 'toDo', planDate: '2026-11-25' } as const;

describe('work order list', () => {
  test('defaults: title 工单列表, 5 rows, the work still open (to do, in progress)', () => {
    expect(defaults).toEqual({ title: '工单列表', rows: 5, statuses: ['toDo', 'inProgress'] });
  });

  test('rows are 1 to 20; the states are those of a worksheet', () => {
    expect([schema.properties.rows.minimum, schema.properties.rows.maximum]).toEqual([1, 20]);
    expect(schema.properties.statuses.items.enum).toEqual(['toDo', 'inProgress', 'done', 'revoked']);
  });

  test('reads one page of the station’s work orders of the chosen states, latest planned first', () => {
    expect(workOrderList.needs(defaults, context)).toEqual({
      worksheets: {
        operationId: 'getStationWorksheetPage',
        query: {
          stationSn: 'T2-ST1',
          statuses: 'toDo,inProgress',
          current: '1',
          size: '5',
          sortField: 'planDate',
          sortOrder: 'desc',
        },
      },
    });
  });

  test.each([
    [{ statuses: ['done', 'toDo'] }, 'toDo,done'],
    [{ statuses: ['revoked', 'revoked', 'inProgress'] }, 'inProgress,revoked'],
    [{ statuses: ['toDo', 'closed'] }, 'toDo'],
  ])('the states %o are asked as %s (in the order of the steps, known ones once)', (change, statuses) => {
    expect(workOrderList.needs({ ...defaults, ...change } as WorkOrderListConfig, context).worksheets?.query?.statuses).toBe(
      statuses,
    );
  });

  test.each([[[]], [undefined]])('no state chosen (%o) needs nothing', (statuses) => {
    const config = { ...defaults, statuses } as unknown as WorkOrderListConfig;
    expect(chosenStatuses(config)).toEqual([]);
    expect(workOrderList.needs(config, context)).toEqual({});
  });

  test.each([
    [5, 5],
    [20, 20],
    [0, 1],
    [99, 20],
    [2.5, 5],
    ['x', 5],
  ])('rows %o list %s work orders', (rows, size) => {
    expect(rowsOf({ rows } as never)).toBe(size);
  });

  test.each([
    [{ status: 'loading' }, undefined],
    [{ status: 'error', code: 40000, message: 'bad' }, undefined],
    [{ status: 'ready', data: { records: [], total: 0, current: 1, size: 5 } }, []],
    [{ status: 'ready', data: { records: [SHEET], total: 1, current: 1, size: 5 } }, [SHEET]],
  ] as [SlotState, unknown][])('the work orders of the answer %o are %o', (slot, sheets) => {
    expect(worksheetsOf(slot)).toEqual(sheets);
  });

  test.each([
    ['张工', '张工'],
    [undefined, '--'],
    ['  ', '--'],
  ])('an assignee %o is shown as %s', (name, shown) => {
    expect(orDash(name)).toBe(shown);
  });

  test.each([
    ['widgets.workOrderList.title', 'Work order list', '工单列表'],
    ['enums.siteopsWorksheetStatus.toDo', 'To do', '待处理'],
    ['enums.siteopsWorkType.maintenance', 'Maintenance', '维护保养'],
    ['widgets.common.noData', 'no data', '暂无数据'],
  ])('%s reads %s (zh %s)', (key, en, zh) => {
    expect(i18nFor('en').t(key)).toBe(en);
    expect(i18nFor('zh').t(key)).toBe(zh);
  });

  test.each([1, 2])('a configuration of format %s is kept as it is', (version) => {
    const config = { title: '待办工单', rows: 8, statuses: ['toDo'] };
    expect(workOrderList.migrate(config, version)).toEqual(config);
  });
});
