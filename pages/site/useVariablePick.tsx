import { Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { useDevice } from '../ems/useDevice';
import { variableLabel } from '../../runtime/charts/seriesName';

/** A variable of a device as `getVarsOfDevice` answers it. */
export interface VariableRecord {
  sn: string;
  name: string;
  code?: string;
  unit: string;
  kind: string;
}

/**
 * A device of the station (of the given kinds, kept in the address) and some of its variables,
 * picked in two drop-downs: the variables `defaults` names until the reader picks others for that
 * device.
 */
export function useVariablePick(
  stationSn: string,
  kinds: readonly string[] | undefined,
  defaults: (variables: VariableRecord[]) => VariableRecord[],
): { chosen: VariableRecord[]; controls: ReactNode } {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { devices, device, choose } = useDevice(stationSn, kinds);
  const answer = useAnswer(
    device ? () => api.call('getVarsOfDevice', { params: { deviceSn: device.sn } }, { silent: true }) : undefined,
    device?.sn ?? '',
  );
  const variables = (answer.data ?? []) as VariableRecord[];
  const [picked, setPicked] = useState<{ device: string; sns: string[] }>();
  const sns = picked && picked.device === device?.sn ? picked.sns : defaults(variables).map((variable) => variable.sn);
  const controls = (
    <>
      <Select
        aria-label={t('siteViews.device')}
        value={device?.sn}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 200 }}
        options={(devices ?? []).map((entry) => ({ value: entry.sn, label: entry.name }))}
        onChange={choose}
      />
      <Select
        aria-label={t('siteViews.variables')}
        mode="multiple"
        value={sns}
        optionFilterProp="label"
        style={{ minWidth: 320 }}
        options={variables.map((entry) => ({
          value: entry.sn,
          label: variableLabel(entry),
        }))}
        onChange={(next: string[]) => device && setPicked({ device: device.sn, sns: next })}
      />
    </>
  );
  return { chosen: variables.filter((variable) => sns.includes(variable.sn)), controls };
}
