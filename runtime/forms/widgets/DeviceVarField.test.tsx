import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../../generated/widgets/singleData.json';
import validators from '../../../generated/widgets/singleData.validator.js';
import type { Api } from '../../api/client';
import { i18nFor } from '../../i18n/i18n';
import { RuntimeProvider, type Runtime } from '../../RuntimeContext';
import { SchemaForm } from '../SchemaForm';

const STATIONS = [
  { sn: 'ST-PV', name: 'PV station' },
  { sn: 'ST-STORAGE', name: 'Storage station' },
];
const DEVICES: Record<string, { sn: string; name: string }[]> = {
  'ST-PV': [{ sn: 'PV-INV', name: 'Inverter' }],
  'ST-STORAGE': [
    { sn: 'ST-PCS', name: 'PCS' },
    { sn: 'ST-METER', name: 'Meter' },
  ],
};
const VARIABLES: Record<string, { sn: string; code: string; name: string; unit: string }[]> = {
  'PV-INV': [{ sn: 'PV-INV.power', code: 'power', name: 'Power', unit: 'kW' }],
  'ST-PCS': [{ sn: 'ST-PCS.power', code: 'activePower', name: 'Active power', unit: 'kW' }],
  'ST-METER': [{ sn: 'ST-METER.importEnergy', code: 'importEnergy', name: 'Import energy', unit: 'kWh' }],
};

/** The three calls as the server answers them; `failing` lists the devices whose variables fail once. */
function server(failing: string[] = []) {
  const fails = new Set(failing);
  type Request = { params?: { stationSn?: string; deviceSn?: string }; body?: { deviceSns?: string } };
  const call = vi.fn((operation: string, { params, body }: Request = {}) => {
    if (operation === 'listStations') return Promise.resolve(STATIONS);
    if (operation === 'getDeviceVars')
      return Promise.resolve(
        (body?.deviceSns ?? '')
          .split(',')
          .flatMap((sn) => (VARIABLES[sn] ?? []).map((variable) => ({ ...variable, deviceSn: sn }))),
      );
    if (operation === 'getDevicesByStation') return Promise.resolve(DEVICES[params?.stationSn ?? ''] ?? []);
    if (operation === 'getVarsOfDevice') {
      const device = params?.deviceSn ?? '';
      if (fails.delete(device)) return Promise.reject(new Error('unavailable'));
      return Promise.resolve(VARIABLES[device] ?? []);
    }
    return Promise.reject(new Error(operation));
  });
  return { api: { call } as unknown as Api, call };
}

/** The single data widget's dialog form on the storage station, with `deviceVar` as stored. */
function dialog(api: Api, deviceVar?: { deviceSn: string; varSn: string }, onChange = vi.fn()) {
  render(
    <I18nextProvider i18n={i18nFor('en')}>
      <RuntimeProvider runtime={{ api } as Runtime}>
        <SchemaForm
          schema={schema as RJSFSchema}
          uiSchema={{ deviceVar: { 'ui:field': 'DeviceVar' }, 'ui:submitButtonOptions': { norender: true } }}
          validators={validators}
          formData={deviceVar ? { deviceVar } : {}}
          formContext={{ stationSn: 'ST-STORAGE' }}
          onChange={onChange}
          onSubmit={vi.fn()}
        />
      </RuntimeProvider>
    </I18nextProvider>,
  );
  return onChange;
}

/** Whether the field shows its error (the message itself leaves with an animation, which jsdom does not end). */
const failing = () => document.querySelector('.ant-form-item-has-error') !== null;
const open = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Device variable' }));
/** An entry of the open cascader (by its title: the popup is still sliding in, so not yet in the accessibility tree). */
const entry = (name: string) => document.querySelector(`.ant-cascader-menu-item[title="${name}"]`);
/** Clicks an entry of the open cascader once it is listed. */
async function pick(name: string) {
  fireEvent.click(await waitFor(() => entry(name) ?? Promise.reject(new Error(`no entry ${name}`))));
}
const column = (index: number) =>
  [...(document.querySelectorAll('.ant-cascader-menu')[index]?.querySelectorAll('[role="menuitemcheckbox"]') ?? [])].map(
    (item) => item.textContent,
  );

describe('the device-variable cascader', () => {
  test("the dashboard's station comes first, open at the stored device, which shows by name", async () => {
    const { api, call } = server();
    dialog(api, { deviceSn: 'ST-METER', varSn: 'ST-METER.importEnergy' });
    expect(await screen.findByText('Meter / Import energy (kWh)')).toBeTruthy();
    open();
    await waitFor(() => expect(column(0)).toEqual(['Storage station', 'PV station']));
    expect(column(1)).toEqual(['PCS', 'Meter']);
    expect(column(2)).toEqual(['Import energy (kWh)']);
    expect(call.mock.calls.map(([operation]) => operation)).toEqual(['listStations', 'getDevicesByStation', 'getVarsOfDevice']);
  });

  test('another station and device are loaded as they are opened, and the variable chosen is the value', async () => {
    const { api } = server();
    const onChange = dialog(api);
    open();
    await pick('PV station');
    await pick('Inverter');
    await pick('Power (kW)');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ deviceVar: { deviceSn: 'PV-INV', varSn: 'PV-INV.power' } }),
      ),
    );
  });

  test("typing searches the names and codes of the dashboard's station and of the stations named, and one click picks", async () => {
    const { api, call } = server();
    const onChange = dialog(api);
    open();
    await waitFor(() => expect(column(0)).toEqual(['Storage station', 'PV station']));
    const search = screen.getByRole('combobox', { name: 'Device variable' });
    const results = () =>
      [...document.querySelectorAll('.ant-cascader-menu-item:not(.ant-cascader-menu-item-disabled)')].map(
        (item) => item.textContent ?? '',
      );
    // A variable's code, of a device not opened: the station's variables are loaded in one call.
    fireEvent.change(search, { target: { value: 'importener' } });
    await waitFor(() => expect(results()).toEqual(['Storage station / Meter / Import energy (kWh)']));
    expect(call.mock.calls.filter(([operation]) => operation === 'getDeviceVars')).toHaveLength(1);
    // Another station's name: its variables are loaded as well, and a result is picked with one click.
    fireEvent.change(search, { target: { value: 'PV stat' } });
    await waitFor(() => expect(results()).toEqual(['PV station / Inverter / Power (kW)']));
    fireEvent.click(document.querySelector('.ant-cascader-menu-item:not(.ant-cascader-menu-item-disabled)') as Element);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ deviceVar: { deviceSn: 'PV-INV', varSn: 'PV-INV.power' } }),
      ),
    );
  });

  test('a level that fails says so, and opening it again loads it', async () => {
    const { api, call } = server(['ST-PCS']);
    dialog(api);
    open();
    await pick('Storage station');
    await pick('PCS');
    expect(await screen.findByText('The data could not be loaded')).toBeTruthy();
    expect(failing()).toBe(true);
    expect(entry('Active power (kW)')).toBeNull();
    await pick('PCS');
    await waitFor(() => expect(entry('Active power (kW)')).not.toBeNull());
    expect(failing()).toBe(false);
    expect(call.mock.calls.filter(([operation]) => operation === 'getVarsOfDevice')).toHaveLength(2);
  });

  test('a station list that fails says so, and opening the cascader again asks again', async () => {
    const { api, call } = server();
    call.mockImplementationOnce(() => Promise.reject(new Error('unavailable')));
    dialog(api);
    expect(await screen.findByText('The data could not be loaded')).toBeTruthy();
    open();
    await pick('Storage station');
    expect(failing()).toBe(false);
    expect(call.mock.calls.filter(([operation]) => operation === 'listStations')).toHaveLength(2);
  });
});
