import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyLabel } from '../../../generated/types';
import type { Api } from '../../api/client';
import { useStationRecords } from './useStationRecords';

interface LabelNode {
  value: number;
  title: string;
  children: LabelNode[];
}

/** The station's labels (a list in tree order, each with its parent) as the picker's tree. */
export function labelTree(labels: EnergyLabel[]): LabelNode[] {
  const nodes = new Map<number, LabelNode>();
  for (const label of labels)
    if (label.id !== undefined) nodes.set(label.id, { value: label.id, title: label.name, children: [] });
  const top: LabelNode[] = [];
  for (const label of labels) {
    const node = label.id === undefined ? undefined : nodes.get(label.id);
    if (!node) continue;
    const parent = label.parentId === undefined ? undefined : nodes.get(label.parentId);
    (parent && parent !== node ? parent.children : top).push(node);
  }
  return top;
}

/** The station's labels, in tree order. */
const labelsOf = (api: Api, stationSn: string): Promise<EnergyLabel[]> =>
  api.call('getEnergyLabelTree', { params: { stationSn } }, { silent: true });

/**
 * Picks energy labels of the dashboard's station (`formContext.stationSn`), from the station's
 * label tree, by id; a stored label that is no longer the station's stays shown by its id.
 */
export function StationEnergyLabelSelect({ id, value, disabled, readonly, registry, onChange, onBlur, onFocus }: WidgetProps) {
  const { t } = useTranslation();
  const labels = useStationRecords(registry, labelsOf);

  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const known = new Set(labels.map((label) => label.id));
  const tree = [
    ...labelTree(labels),
    ...chosen.filter((label) => !known.has(label)).map((label) => ({ value: label, title: `#${label}`, children: [] })),
  ];
  return (
    <TreeSelect
      id={id}
      multiple
      treeDefaultExpandAll
      value={chosen}
      treeData={tree}
      disabled={disabled || readonly}
      placeholder={t('common.select')}
      style={{ width: '100%' }}
      onChange={(next: number[]) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
