import type { FieldProps } from '@rjsf/utils';
import { Cascader, Form } from 'antd';
import { useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceVarLabel } from '../../charts/seriesName';
import { ItemContentContext } from '../ItemContentContext';
import { matchesSearch, useDeviceVarOptions, type DeviceVarOption } from './useDeviceVarOptions';

interface DeviceVarValue {
  deviceSn?: string;
  varSn?: string;
}

/**
 * The device-variable cascader: station, then device, then variable, each level loaded from the
 * server when opened. The dashboard's station (`formContext.stationSn`) comes first and is
 * opened with the stored device, so a stored choice shows its names; in an item of a list, those
 * names title the item. Typing searches station, device and variable names and variable codes:
 * the dashboard's station and the stations whose names hold the text have every variable loaded
 * for it (two calls a station), so one word and one click pick a variable. A level that fails to
 * load says so under the field and is asked for again when opened again.
 */
export function DeviceVarField({ formData, onChange, disabled, readonly, registry, uiSchema, fieldPathId }: FieldProps) {
  const { t } = useTranslation();
  const value = (formData ?? {}) as DeviceVarValue;
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;
  const stored = useMemo(() => (value.deviceSn ? [value.deviceSn] : []), [value.deviceSn]);
  const { options, loadData, onSearch, onOpenChange, failed, stationOf } = useDeviceVarOptions(stationSn, stored);

  const selected = value.deviceSn && value.varSn ? [stationOf(value.deviceSn) ?? '', value.deviceSn, value.varSn] : [];
  const device = options.find((station) => station.value === selected[0])?.children?.find((item) => item.value === selected[1]);
  const variable = device?.children?.find((item) => item.value === selected[2]);
  const shown = device && variable ? deviceVarLabel(device.label, variable.label) : undefined;
  const tell = useContext(ItemContentContext);
  useEffect(() => {
    tell(shown);
    return () => tell(undefined);
  }, [tell, shown]);
  // A list of bare variables names none of its entries: each is a device variable.
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? t('widgets.common.deviceVariable');
  const id = fieldPathId.$id;
  return (
    <Form.Item
      label={title}
      htmlFor={id}
      style={{ marginBottom: 12 }}
      {...(failed ? { validateStatus: 'error' as const, help: t('widgets.common.failed') } : {})}
    >
      <Cascader
        id={id}
        aria-label={title}
        options={options}
        loadData={(path) => loadData(path as DeviceVarOption[])}
        value={selected}
        disabled={disabled || readonly}
        placeholder={t('widgets.common.chooseVariable')}
        changeOnSelect={false}
        showSearch={{
          filter: (text, path) => matchesSearch(text, path as DeviceVarOption[]),
          onSearch,
          limit: 50,
        }}
        displayRender={(labels) => deviceVarLabel(String(labels[1] ?? ''), String(labels[2] ?? ''))}
        // The combobox names its popup by this id (`aria-controls`), which the cascader's own menus do not carry.
        popupRender={(menus) => <div id={`${id}_list`}>{menus}</div>}
        onOpenChange={onOpenChange}
        onChange={(path) => {
          const [, deviceSn, varSn] = (path ?? []) as string[];
          onChange(deviceSn && varSn ? { deviceSn, varSn } : undefined, fieldPathId.path);
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
