import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { buildUiSchema } from './uiSchema';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    taxNumber: { type: 'string' },
    level: { type: 'string', enum: ['PP', 'NP'], 'x-enum': 'customerLevel' } as RJSFSchema,
    state: { type: 'string', enum: ['developing', 'lost'], 'x-enum': 'customerState' } as RJSFSchema,
    createTime: { type: 'string', format: 'date-time', readOnly: true },
  },
};

describe('buildUiSchema', () => {
  const en = createI18n('en').t;
  const zh = createI18n('zh').t;

  test.each([
    ['en', en, 'Name', ['Developing', 'Lost']],
    ['zh', zh, '客户名称', ['开发中', '已流失']],
  ])('labels fields and coded values in %s', (_lng, t, name, states) => {
    const ui = buildUiSchema({ t, prefix: 'entities.customer', schema, uiSchema: {}, mode: 'create' });
    expect(ui.name?.['ui:title']).toBe(name);
    expect(ui.state?.['ui:enumNames']).toEqual(states);
  });

  test.each([
    ['en', en, ['To do', 'In progress', 'Done', 'Revoked']],
    ['zh', zh, ['待处理', '进行中', '已完成', '已撤销']],
  ])('names the options of a multiple choice of coded values in %s', (_lng, t, names) => {
    const statuses = {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: ['toDo', 'inProgress', 'done', 'revoked'], 'x-enum': 'siteopsWorksheetStatus' },
    } as RJSFSchema;
    const ui = buildUiSchema({
      t,
      prefix: 'widgets.workOrderList',
      schema: { type: 'object', properties: { statuses } },
      uiSchema: { statuses: { 'ui:widget': 'checkboxes' } },
      mode: 'edit',
    });
    expect(ui.statuses?.items).toEqual({ 'ui:enumNames': names });
    expect(ui.statuses?.['ui:widget']).toBe('checkboxes');
  });

  test('hides server-filled fields on creation and shows them read-only when editing', () => {
    const create = buildUiSchema({ t: en, prefix: 'entities.customer', schema, uiSchema: {}, mode: 'create' });
    const edit = buildUiSchema({ t: en, prefix: 'entities.customer', schema, uiSchema: {}, mode: 'edit' });
    expect(create.createTime?.['ui:widget']).toBe('hidden');
    expect(edit.createTime?.['ui:widget']).toBeUndefined();
    expect(edit.createTime?.['ui:readonly']).toBe(true);
  });

  test("hides the server-filled fields of a list's new records on creation, and only on creation", () => {
    const variables = {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } },
    } as RJSFSchema;
    const batch: RJSFSchema = { type: 'object', properties: { variables } };
    const ui = (mode: 'create' | 'edit') =>
      buildUiSchema({ t: en, prefix: 'forms.deviceVariableBatch', schema: batch, uiSchema: {}, mode }).variables?.items;
    expect(ui('create')?.id?.['ui:widget']).toBe('hidden');
    expect(ui('create')?.name?.['ui:widget']).toBeUndefined();
    expect(ui('create')?.name?.['ui:title']).toBe('Name');
    expect(ui('edit')?.id?.['ui:widget']).toBeUndefined();
  });

  test("keeps the author's UI schema over what is derived", () => {
    const ui = buildUiSchema({
      t: en,
      prefix: 'entities.customer',
      schema,
      uiSchema: { 'ui:order': ['name', '*'], name: { 'ui:widget': 'textarea' } },
      mode: 'create',
    });
    expect(ui['ui:order']).toEqual(['name', '*']);
    expect(ui.name?.['ui:widget']).toBe('textarea');
    expect(ui.name?.['ui:title']).toBe('Name');
  });

  test('an amount of money (a number of two decimals) gets the money input; other numbers do not', () => {
    const withAmounts: RJSFSchema = {
      type: 'object',
      properties: { amount: { type: 'number', 'x-decimals': 2 } as RJSFSchema, ratio: { type: 'number' } },
    };
    const ui = buildUiSchema({ t: en, prefix: 'entities.customer', schema: withAmounts, uiSchema: {}, mode: 'create' });
    expect(ui.amount?.['ui:widget']).toBe('MoneyInput');
    expect(ui.ratio?.['ui:widget']).toBeUndefined();
  });

  test('hides the fields fixed by the page scope', () => {
    const ui = buildUiSchema({ t: en, prefix: 'entities.customer', schema, uiSchema: {}, mode: 'create', fixed: ['name'] });
    expect(ui.name?.['ui:widget']).toBe('hidden');
  });
});

describe('hints', () => {
  test('a field gets a hint only where a translated hint exists', () => {
    const t = createI18n('en').t;
    const ui = buildUiSchema({ t, prefix: 'entities.customer', schema, uiSchema: {}, mode: 'create' });
    expect(ui.name?.['ui:description']).toBeUndefined();
    expect(ui.taxNumber?.['ui:description']).toBe('Unified social credit code of the enterprise');
  });
});

describe('pickers and fixed fields', () => {
  const t = createI18n('en').t;
  const user: RJSFSchema = {
    type: 'object',
    properties: {
      username: { type: 'string', 'x-create-only': true } as RJSFSchema,
      password: { type: 'string', writeOnly: true, 'x-create-only': true } as RJSFSchema,
      departments: {
        type: 'array',
        items: { type: 'object', properties: { departmentId: { type: 'integer', 'x-ref': 'department' } as RJSFSchema } },
      },
      managerIds: { type: 'array', items: { type: 'integer', 'x-ref': 'user' } as RJSFSchema },
    },
  };

  test('a list of references is one picker choosing several records', () => {
    const ui = buildUiSchema({ t, prefix: 'entities.user', schema: user, uiSchema: {}, mode: 'create' });
    expect(ui.managerIds).toMatchObject({ 'ui:widget': 'RefSelect', 'ui:options': { entity: 'user', multiple: true } });
    expect(ui.departments?.['ui:widget']).toBeUndefined();
  });

  test('a reference inside list items gets the record picker and its item label', () => {
    const ui = buildUiSchema({ t, prefix: 'entities.user', schema: user, uiSchema: {}, mode: 'create' });
    expect(ui.departments?.items?.departmentId).toMatchObject({
      'ui:widget': 'RefSelect',
      'ui:options': { entity: 'department' },
      'ui:title': 'Department',
    });
  });

  test('fields fixed once created are read-only when editing, and a first password is not shown', () => {
    const create = buildUiSchema({ t, prefix: 'entities.user', schema: user, uiSchema: {}, mode: 'create' });
    const edit = buildUiSchema({ t, prefix: 'entities.user', schema: user, uiSchema: {}, mode: 'edit' });
    expect(create.username?.['ui:readonly']).toBeUndefined();
    expect(create.password?.['ui:widget']).toBeUndefined();
    expect(edit.username?.['ui:readonly']).toBe(true);
    expect(edit.password?.['ui:widget']).toBe('hidden');
  });
});
