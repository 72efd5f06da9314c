import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import gaugeSchema from '../../generated/widgets/gauge.json';
import gaugeValidators from '../../generated/widgets/gauge.validator.js';
import socialSchema from '../../generated/widgets/socialContribution.json';
import socialValidators from '../../generated/widgets/socialContribution.validator.js';
import schema from '../../generated/widgets/trend.json';
import validators from '../../generated/widgets/trend.validator.js';
import gaugeUi from '../../schemas/widgets/gauge.ui.json';
import socialUi from '../../schemas/widgets/socialContribution.ui.json';
import uiSchema from '../../schemas/widgets/trend.ui.json';
import type { Api } from '../api/client';
import { i18nFor } from '../i18n/i18n';
import type { Language } from '../preferences/preferences';
import { RuntimeProvider, type Runtime } from '../RuntimeContext';
import { buildUiSchema } from '../schema/uiSchema';
import { SchemaForm } from './SchemaForm';

const DEVICES = [
  { sn: 'ST-PCS', name: 'PCS' },
  { sn: 'ST-METER', name: 'Meter' },
];
const VARIABLES: Record<string, { sn: string; code: string; name: string; unit: string }[]> = {
  'ST-PCS': [
    { sn: 'ST-PCS.activePower', code: 'activePower', name: 'Active power', unit: 'kW' },
    { sn: 'ST-PCS.dcVoltage', code: 'dcVoltage', name: 'DC voltage', unit: 'V' },
  ],
  'ST-METER': [
    { sn: 'ST-METER.activePower', code: 'activePower', name: 'Grid active power', unit: 'kW' },
    { sn: 'ST-METER.importEnergy', code: 'importEnergy', name: 'Import energy', unit: 'kWh' },
  ],
};

/** The station's devices and variables as the server answers them. */
function server() {
  type Request = { params?: { stationSn?: string; deviceSn?: string }; body?: { deviceSns?: string } };
  const call = vi.fn((operation: string, { params, body }: Request = {}) => {
    if (operation === 'listStations') return Promise.resolve([{ sn: 'ST', name: 'Storage station' }]);
    if (operation === 'getDevicesByStation') return Promise.resolve(params?.stationSn === 'ST' ? DEVICES : []);
    if (operation === 'getVarsOfDevice') return Promise.resolve(VARIABLES[params?.deviceSn ?? ''] ?? []);
    if (operation === 'getDeviceVars')
      return Promise.resolve(
        (body?.deviceSns ?? '')
          .split(',')
          .flatMap((sn) => (VARIABLES[sn] ?? []).map((variable) => ({ ...variable, deviceSn: sn }))),
      );
    return Promise.reject(new Error(operation));
  });
  return { api: { call } as unknown as Api, call };
}

/** A widget's dialog form, as the dashboard builds it, on station ST; its changes are reported to `onChange`. */
function widgetForm(
  type: string,
  form: { schema: unknown; validators: typeof validators; ui: unknown },
  formData: Record<string, unknown>,
  language: Language = 'en',
) {
  const { api, call } = server();
  const onChange = vi.fn();
  const ui = buildUiSchema({
    t: i18nFor(language).t,
    prefix: `widgets.${type}`,
    schema: form.schema as RJSFSchema,
    uiSchema: form.ui as UiSchema,
    mode: 'edit',
  });
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <RuntimeProvider runtime={{ api } as Runtime}>
        <SchemaForm
          schema={form.schema as RJSFSchema}
          uiSchema={{ ...ui, 'ui:submitButtonOptions': { norender: true } }}
          validators={form.validators}
          formData={formData}
          formContext={{ stationSn: 'ST' }}
          onChange={onChange}
          onSubmit={vi.fn()}
        />
      </RuntimeProvider>
    </I18nextProvider>,
  );
  return { onChange, call };
}

const trend = { schema, validators, ui: uiSchema };
const picker = (name = 'Add variables…') => screen.getByRole('combobox', { name });
/** The search results of the open picker that can be ticked, by their text. */
const results = () =>
  [...document.querySelectorAll('.ant-cascader-menu-item')]
    .filter((item) => !item.querySelector('.ant-cascader-checkbox-disabled'))
    .map((item) => item.textContent ?? '');
/** Ticks the search result `text` of the open picker. */
async function tick(text: string) {
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-cascader-menu-item')].find((entry) => entry.textContent === text);
    return found ?? Promise.reject(new Error(`no result ${text}: ${results().join(', ')}`));
  });
  fireEvent.click(item.querySelector('.ant-cascader-checkbox') ?? item);
}
/** Opens the picker and types `text` into it. */
function search(text: string, name?: string) {
  fireEvent.focus(picker(name));
  fireEvent.mouseDown(picker(name));
  fireEvent.change(picker(name), { target: { value: text } });
}
const lastValue = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.lastCall?.[0] as Record<string, unknown>;

describe('"Add variables…" of a list of device variables', () => {
  test('beside "Add item"; loads nothing until used', () => {
    const { call } = widgetForm('trend', trend, { nodeInfo: [] });
    expect(picker()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add item' })).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  test('each variable ticked becomes a series with the defaults "Add item" gives (its colour) and no name', async () => {
    const { onChange } = widgetForm('trend', trend, { nodeInfo: [] });
    search('active');
    await waitFor(() =>
      expect(results()).toEqual([
        'All 2 matches',
        'Storage station / PCS / Active power (kW)',
        'Storage station / Meter / Grid active power (kW)',
      ]),
    );
    await tick('Storage station / PCS / Active power (kW)');
    await tick('Storage station / Meter / Grid active power (kW)');
    await waitFor(() =>
      expect(lastValue(onChange).nodeInfo).toEqual([
        { deviceVar: { deviceSn: 'ST-PCS', varSn: 'ST-PCS.activePower' }, name: '', color: '#409EFF' },
        { deviceVar: { deviceSn: 'ST-METER', varSn: 'ST-METER.activePower' }, name: '', color: '#409EFF' },
      ]),
    );
    // Titled by device and variable, as a series picked one by one is.
    expect(await screen.findByRole('group', { name: 'Meter / Grid active power (kW)' })).toBeTruthy();
  });

  test('"All 2 matches", the first result, adds every variable the search found that is not listed', async () => {
    const { onChange } = widgetForm('trend', trend, { nodeInfo: [] });
    search('active');
    await tick('All 2 matches');
    await waitFor(() =>
      expect((lastValue(onChange).nodeInfo as { deviceVar: unknown }[]).map((node) => node.deviceVar)).toEqual([
        { deviceSn: 'ST-PCS', varSn: 'ST-PCS.activePower' },
        { deviceSn: 'ST-METER', varSn: 'ST-METER.activePower' },
      ]),
    );
    // Both listed now: nothing is left to add at once.
    await waitFor(() => expect(results()).not.toContain('All 2 matches'));
  });

  test('a variable listed already shows ticked and is not added again', async () => {
    const listed = { deviceVar: { deviceSn: 'ST-PCS', varSn: 'ST-PCS.activePower' }, name: 'PCS', color: '#123456' };
    const { onChange } = widgetForm('trend', trend, { nodeInfo: [listed] });
    search('active');
    await waitFor(() => expect(results()).toEqual(['Storage station / Meter / Grid active power (kW)']));
    const ticked = [...document.querySelectorAll('.ant-cascader-menu-item')].find((item) =>
      item.textContent?.includes('PCS / Active power'),
    );
    expect(ticked?.querySelector('.ant-cascader-checkbox-checked')).not.toBeNull();
    await tick('Storage station / PCS / Active power (kW)');
    await tick('Storage station / Meter / Grid active power (kW)');
    await waitFor(() =>
      expect(lastValue(onChange).nodeInfo).toEqual([
        listed,
        { deviceVar: { deviceSn: 'ST-METER', varSn: 'ST-METER.activePower' }, name: '', color: '#409EFF' },
      ]),
    );
  });

  test('a gauge gets the item defaults of a gauge; a list of bare variables gets the variables', async () => {
    const gauge = widgetForm('gauge', { schema: gaugeSchema, validators: gaugeValidators, ui: gaugeUi }, { monitorVars: [] });
    search('volt');
    await tick('Storage station / PCS / DC voltage (V)');
    await waitFor(() =>
      expect(lastValue(gauge.onChange).monitorVars).toEqual([
        { deviceVar: { deviceSn: 'ST-PCS', varSn: 'ST-PCS.dcVoltage' }, showName: '' },
      ]),
    );
    cleanup();
    const social = widgetForm(
      'socialContribution',
      { schema: socialSchema, validators: socialValidators, ui: socialUi },
      { energyVars: [] },
    );
    search('energy');
    await tick('Storage station / Meter / Import energy (kWh)');
    await waitFor(() =>
      expect(lastValue(social.onChange).energyVars).toEqual([{ deviceSn: 'ST-METER', varSn: 'ST-METER.importEnergy' }]),
    );
  });

  test('in Chinese: "批量添加变量…"', async () => {
    const { onChange } = widgetForm('trend', trend, { nodeInfo: [] }, 'zh');
    search('import', '批量添加变量…');
    await tick('Storage station / Meter / Import energy (kWh)');
    await waitFor(() => expect(lastValue(onChange).nodeInfo).toHaveLength(1));
  });

  test('a list without the option has "Add item" alone', () => {
    const { nodeInfo } = uiSchema as { nodeInfo: UiSchema };
    widgetForm('trend', { ...trend, ui: { ...uiSchema, nodeInfo: { ...nodeInfo, 'ui:options': {} } } }, { nodeInfo: [] });
    expect(screen.getByRole('button', { name: 'Add item' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add variables…' })).toBeNull();
  });
});
