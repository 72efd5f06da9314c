import { PlusOutlined } from '@ant-design/icons';
import { Cascader, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesSearch, useDeviceVarOptions, type DeviceVarOption, type DeviceVarOptionsResult } from './useDeviceVarOptions';

/** A device variable as a list item holds it. */
export interface PickedVar {
  deviceSn: string;
  varSn: string;
}

export interface DeviceVarsPickerProps {
  /** The id of the control (its label's `htmlFor`). */
  id: string;
  /** The dashboard's station, listed first. */
  stationSn: string | undefined;
  /** The variables the list holds already: shown ticked, not offered again. */
  listed: readonly PickedVar[];
  /** How many more items the list may hold: "All N matches" is offered for no more than these. */
  room: number;
  /** Takes the focus when shown (the first step of a list that is empty). */
  autoFocus?: boolean;
  disabled?: boolean;
  /** The variables ticked, in the order ticked, none of them listed. */
  onPick(vars: PickedVar[]): void;
}

/** Ticks only variables: a station or a device ticked would take every variable under it. */
function tickable(options: DeviceVarOption[] | undefined, listed: ReadonlySet<string>): DeviceVarOption[] | undefined {
  return options?.map((option) =>
    option.isLeaf
      ? { ...option, disableCheckbox: listed.has(option.value) }
      : { ...option, disableCheckbox: true, children: tickable(option.children, listed) },
  );
}

/** The value of the entry that ticks every variable a search found. */
const ALL = '\u0000all';

/** The variables under `options` that a search for `text` finds, not listed, in the order shown. */
function matchingVariables(options: DeviceVarOption[], text: string, listed: ReadonlySet<string>): PickedVar[] {
  return options.flatMap((station) =>
    (station.children ?? []).flatMap((device) =>
      (device.children ?? [])
        .filter((variable) => !listed.has(variable.value) && matchesSearch(text, [station, device, variable]))
        .map((variable) => ({ deviceSn: device.value, varSn: variable.value })),
    ),
  );
}

/** Loads the picker's options while mounted and hands them up: the loads start with the first use. */
function OptionsLoader({
  stationSn,
  devices,
  onLoaded,
}: {
  stationSn: string | undefined;
  devices: readonly string[];
  onLoaded(result: DeviceVarOptionsResult): void;
}) {
  const result = useDeviceVarOptions(stationSn, devices);
  const { options, loadData, onSearch, onOpenChange, failed, stationOf } = result;
  useEffect(
    () => onLoaded({ options, loadData, onSearch, onOpenChange, failed, stationOf }),
    [onLoaded, options, loadData, onSearch, onOpenChange, failed, stationOf],
  );
  return null;
}

/**
 * "Add variables…": the station › device › variable cascader of `DeviceVarField`, searched as
 * typed, with several variables ticked at once; each variable ticked is handed to `onPick` at
 * once (the list grows behind the open picker), and the text typed stays, so that one word ticks
 * several of its matches; where it finds two or more variables not listed, "All N matches", the
 * first result, ticks them all at once. The variables listed already show ticked and cannot be
 * ticked again. Stations, devices and variables load when the picker is first focused or opened.
 */
export function DeviceVarsPicker({ id, stationSn, listed, room, autoFocus, disabled, onPick }: DeviceVarsPickerProps) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const [loaded, setLoaded] = useState<DeviceVarOptionsResult>();
  const devices = useMemo(() => [...new Set(listed.map((entry) => entry.deviceSn))], [listed]);
  const listedSns = useMemo(() => new Set(listed.map((entry) => entry.varSn)), [listed]);
  const [text, setText] = useState('');
  const tickableOptions = useMemo(() => tickable(loaded?.options, listedSns) ?? [], [loaded?.options, listedSns]);
  const matches = useMemo(
    () => (text.trim() ? matchingVariables(tickableOptions, text, listedSns) : []),
    [tickableOptions, text, listedSns],
  );
  const offerAll = matches.length >= 2 && matches.length <= room;
  const shown = offerAll
    ? [{ value: ALL, label: t('widgets.common.allMatches', { count: matches.length }), isLeaf: true }, ...tickableOptions]
    : tickableOptions;
  const stationOf = loaded?.stationOf ?? (() => stationSn);
  const value = listed.map((entry) => [stationOf(entry.deviceSn) ?? '', entry.deviceSn, entry.varSn]);
  const failed = loaded?.failed ?? false;
  const name = t('widgets.common.addVariables');
  const use = () => setUsed(true);
  return (
    <div style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 360 }}>
      {used ? <OptionsLoader stationSn={stationSn} devices={devices} onLoaded={setLoaded} /> : null}
      <Cascader
        id={id}
        multiple
        aria-label={name}
        // What the control does stays in view: the variables it ticked are the items of the list.
        prefix={
          <span aria-hidden>
            <PlusOutlined /> {name}
          </span>
        }
        tagRender={() => <></>}
        options={shown}
        value={value}
        showCheckedStrategy={Cascader.SHOW_CHILD}
        loadData={(path) => loaded?.loadData(path as DeviceVarOption[])}
        disabled={disabled}
        autoFocus={autoFocus}
        showSearch={{
          filter: (typed, path) => path[0]?.value === ALL || matchesSearch(typed, path as DeviceVarOption[]),
          onSearch: (typed) => {
            setText(typed);
            loaded?.onSearch(typed);
          },
          autoClearSearchValue: false,
          limit: 50,
        }}
        // The combobox names its popup by this id (`aria-controls`), which the cascader's own menus do not carry.
        popupRender={(menus) => <div id={`${id}_list`}>{menus}</div>}
        onFocus={use}
        onOpenChange={(open) => {
          use();
          loaded?.onOpenChange(open);
        }}
        onChange={(paths) => {
          if ((paths as string[][]).some((path) => path[0] === ALL)) {
            onPick(matches);
            return;
          }
          const picked = (paths as string[][])
            .filter((path) => path.length === 3 && !listedSns.has(path[2] ?? ''))
            .map(([, deviceSn = '', varSn = '']) => ({ deviceSn, varSn }));
          if (picked.length) onPick(picked);
        }}
        status={failed ? 'error' : undefined}
        {...(failed ? { 'aria-describedby': `${id}__failed` } : {})}
        style={{ width: '100%' }}
      />
      {failed ? (
        <Typography.Text type="danger" id={`${id}__failed`}>
          {t('widgets.common.failed')}
        </Typography.Text>
      ) : null}
    </div>
  );
}
