import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/widgets/trend.json';
import validators from '../../generated/widgets/trend.validator.js';
import uiSchema from '../../schemas/widgets/trend.ui.json';
import type { Api } from '../api/client';
import { i18nFor } from '../i18n/i18n';
import type { Language } from '../preferences/preferences';
import { RuntimeProvider, type Runtime } from '../RuntimeContext';
import { buildUiSchema } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

const METER = { deviceSn: 'ST-METER', varSn: 'ST-METER.importEnergy' };

/** The station's devices and variables as the server answers them. */
const api = {
  call: vi.fn((operation: string, { params }: { params?: { deviceSn?: string } } = {}) => {
    if (operation === 'listStations') return Promise.resolve([{ sn: 'ST', name: 'Storage station' }]);
    if (operation === 'getDevicesByStation') return Promise.resolve([{ sn: 'ST-METER', name: 'Meter' }]);
    if (operation === 'getVarsOfDevice' && params?.deviceSn === 'ST-METER')
      return Promise.resolve([{ sn: METER.varSn, name: 'Import energy', unit: 'kWh' }]);
    return Promise.reject(new Error(operation));
  }),
} as unknown as Api;

/** The trend widget's dialog form, as the dashboard builds it, with these series; `list` replaces the list's UI schema. */
function trendForm(nodeInfo: Record<string, unknown>[], language: Language = 'en', list?: UiSchema) {
  const ui = buildUiSchema({
    t: i18nFor(language).t,
    prefix: 'widgets.trend',
    schema: schema as RJSFSchema,
    uiSchema: list ? { ...(uiSchema as UiSchema), nodeInfo: list } : (uiSchema as UiSchema),
    mode: 'edit',
  });
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <RuntimeProvider runtime={{ api } as Runtime}>
        <SchemaForm
          schema={schema as RJSFSchema}
          uiSchema={{ ...ui, 'ui:submitButtonOptions': { norender: true } }}
          validators={validators}
          formData={{ nodeInfo }}
          formContext={{ stationSn: 'ST' }}
          onSubmit={vi.fn()}
        />
      </RuntimeProvider>
    </I18nextProvider>,
  );
}

/** The titles of the items, in their order. */
const itemNames = () =>
  screen
    .getAllByRole('group')
    .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent)
    .filter(Boolean);

describe('items of lists in forms', () => {
  test('before a variable is chosen, an item is titled by its place: "Series 1", "Series 2"', () => {
    trendForm([{ name: '' }, { name: '' }]);
    expect(itemNames()).toEqual(['Series 1', 'Series 2']);
    expect(document.body.textContent).not.toMatch(/nodeInfo-/);
    expect(screen.getByRole('group', { name: 'Series 2' })).toBeTruthy();
  });

  test('with a variable chosen, an item is titled by the names the picker shows of it', async () => {
    trendForm([{ name: '' }, { deviceVar: METER, name: 'Import' }]);
    await waitFor(() => expect(itemNames()).toEqual(['Series 1', 'Meter / Import energy (kWh)']));
    const item = screen.getByRole('group', { name: 'Meter / Import energy (kWh)' });
    expect(within(item).getByRole('combobox', { name: 'Device variable' })).toBeTruthy();
  });

  test('a list without a word for its items numbers them "Item 1"', () => {
    trendForm([{ name: '' }], 'en', { items: (uiSchema as { nodeInfo: { items: UiSchema } }).nodeInfo.items });
    expect(itemNames()).toEqual(['Item 1']);
  });

  test('in Chinese: "数据系列 1", and the buttons are named in Chinese', () => {
    trendForm([{ name: '' }, { name: '' }], 'zh');
    expect(itemNames()).toEqual(['数据系列 1', '数据系列 2']);
    const first = screen.getByRole('group', { name: '数据系列 1' });
    expect(within(first).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加一项' }).textContent).toContain('添加一项');
  });

  test("every button of an item has a name and a tooltip saying it; the add button's name is its visible text", async () => {
    trendForm([{ name: '' }, { name: '' }]);
    const second = screen.getByRole('group', { name: 'Series 2' });
    const names = within(second)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Move up', 'Move down', 'Remove']);
    fireEvent.mouseEnter(within(second).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Remove');
    const add = screen.getByRole('button', { name: 'Add item' });
    expect(add.textContent).toBe('Add item');
    fireEvent.click(add);
    await waitFor(() => expect(itemNames()).toEqual(['Series 1', 'Series 2', 'Series 3']));
  });
});
