import type { FieldProps } from '@rjsf/utils';
import { Cascader, Form } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../RuntimeContext';

interface Option {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: Option[];
}

interface DeviceVarValue {
  deviceSn?: string;
  varSn?: string;
}

/**
 * The device-variable cascader: station, then device, then variable, each level loaded from the
 * server when opened. The dashboard's station (`formContext.stationSn`) comes first and is
 * opened with the stored device, so a stored choice shows its names.
 */
export function DeviceVarField({ formData, onChange, disabled, readonly, registry, uiSchema, fieldPathId }: FieldProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [options, setOptions] = useState<Option[]>([]);
  const value = (formData ?? {}) as DeviceVarValue;
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;

  const devicesOf = useCallback(
    async (sn: string): Promise<Option[]> =>
      (await api.call('getDevicesByStation', { params: { stationSn: sn } }, { silent: true })).map((device) => ({
        value: device.sn,
        label: device.name,
        isLeaf: false,
      })),
    [api],
  );
  const variablesOf = useCallback(
    async (deviceSn: string): Promise<Option[]> =>
      (await api.call('getVarsOfDevice', { params: { deviceSn } }, { silent: true })).map((variable) => ({
        value: variable.sn,
        label: variable.unit ? `${variable.name} (${variable.unit})` : variable.name,
        isLeaf: true,
      })),
    [api],
  );

  useEffect(() => {
    let live = true;
    void (async () => {
      const stations = await api.call('listStations', {}, { silent: true });
      const ordered = [...stations].sort((a, b) => Number(b.sn === stationSn) - Number(a.sn === stationSn));
      const tree: Option[] = ordered.map((station) => ({
        value: String(station.sn),
        label: String(station.name),
        isLeaf: false,
      }));
      const own = tree.find((station) => station.value === stationSn);
      if (own) {
        own.children = await devicesOf(own.value);
        const device = own.children.find((option) => option.value === value.deviceSn);
        if (device) device.children = await variablesOf(device.value);
      }
      if (live) setOptions(tree);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // Loaded once per dialog; later levels load as they are opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, stationSn]);

  const loadData = async (path: Option[]) => {
    const target = path.at(-1);
    if (!target) return;
    target.children = path.length === 1 ? await devicesOf(target.value) : await variablesOf(target.value);
    setOptions((current) => [...current]);
  };

  const stationOf = (deviceSn: string | undefined) =>
    options.find((station) => station.children?.some((device) => device.value === deviceSn))?.value ?? stationSn;
  const selected = value.deviceSn && value.varSn ? [stationOf(value.deviceSn) ?? '', value.deviceSn, value.varSn] : [];
  // A list of bare variables names none of its entries: each is a device variable.
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? t('widgets.common.deviceVariable');
  const id = fieldPathId.$id;
  return (
    <Form.Item label={title} htmlFor={id} style={{ marginBottom: 12 }}>
      <Cascader
        id={id}
        aria-label={title}
        options={options}
        loadData={(path) => void loadData(path as Option[])}
        value={selected}
        disabled={disabled || readonly}
        placeholder={t('widgets.common.chooseVariable')}
        changeOnSelect={false}
        showSearch={false}
        displayRender={(labels) => labels.slice(1).join(' / ')}
        onChange={(path) => {
          const [, deviceSn, varSn] = (path ?? []) as string[];
          onChange(deviceSn && varSn ? { deviceSn, varSn } : undefined, fieldPathId.path);
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
