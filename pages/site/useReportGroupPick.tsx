import { Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import type { StationRecord } from './useStations';

/** A report group picked in place of variables, or none (the variables picked), with its drop-down. */
export interface ReportGroupPick {
  reportGroup?: number;
  /** The drop-down: "Variables picked", then the station's groups in their order; none while it has none. */
  control: ReactNode;
  error?: string;
}

/**
 * A report group of the station (`getStationReportGroups`), a saved choice of variables and a
 * method, picked in place of picking variables; `enabled` false asks for none.
 */
export function useReportGroupPick(station: StationRecord, enabled: boolean): ReportGroupPick {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const groups = useAnswer(
    enabled ? () => api.call('getStationReportGroups', { params: { id: station.id } }, { silent: true }) : undefined,
    station.sn,
  );
  const [reportGroup, setReportGroup] = useState<number>();
  const control = groups.data?.length ? (
    <Select
      aria-label={t('siteViews.reportGroup')}
      value={reportGroup ?? 0}
      style={{ minWidth: 160 }}
      options={[
        { value: 0, label: t('siteViews.pickedVariables') },
        ...groups.data.map((group) => ({ value: group.id ?? 0, label: group.name })),
      ]}
      onChange={(value) => setReportGroup(value === 0 ? undefined : value)}
    />
  ) : null;
  return {
    ...(reportGroup === undefined ? {} : { reportGroup }),
    control,
    ...(groups.error === undefined ? {} : { error: groups.error }),
  };
}
