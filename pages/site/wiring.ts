import type { Diagram, DiagramNode, NodeValue } from '../ems/DiagramView';

/** A device as the station's device calls answer it, with the latest value of each variable. */
export interface WiredDevice {
  sn: string;
  name: string;
  kind: string;
  variables: { sn: string; data: number | null; unit: string }[];
}

/** The variable a device of each kind shows on a diagram, by its code; the load meter shows its load. */
const SHOWN: Record<string, string[]> = {
  meter: ['activePower', 'loadPower'],
  pcs: ['activePower'],
  pvInverter: ['activePower'],
};

/** Kinds that feed a busbar: their value is what they deliver into it, not what they draw from it. */
const SOURCES = new Set(['pcs', 'pvInverter', 'generator']);

const shownVariable = (device: WiredDevice) =>
  (SHOWN[device.kind] ?? []).map((code) => device.variables.find((v) => v.sn === `${device.sn}.${code}`)).find(Boolean);

/**
 * A one-line diagram drawn from a station's devices, for a station without a saved one: the grid,
 * its grid meter (the first meter measuring active power), a busbar, and below it the converters,
 * inverters and the other meters (loads), each showing its power. Devices without power (BMS,
 * cameras, air conditioners) are not on the wiring. The values are the devices' latest; `names`
 * labels the grid and the busbar in the reader's language.
 */
export function derivedDiagram(
  devices: WiredDevice[],
  names: { grid: string; busbar: string },
): { diagram: Diagram; values: NodeValue[] } {
  const gridMeter = devices.find((d) => d.kind === 'meter' && d.variables.some((v) => v.sn === `${d.sn}.activePower`));
  const branches = devices.filter((d) => d !== gridMeter && SHOWN[d.kind]);
  const width = Math.max(1, branches.length) * 150;
  const nodes: DiagramNode[] = [{ id: 'grid', type: 'grid', x: width / 2, y: 0, label: names.grid }];
  const edges: { from: string; to: string }[] = [];
  const values: NodeValue[] = [];
  const place = (device: WiredDevice, x: number, y: number) => {
    const variable = shownVariable(device);
    nodes.push({ id: device.sn, type: device.kind, x, y, label: device.name, ...(variable ? { variableSn: variable.sn } : {}) });
    if (variable) values.push({ nodeId: device.sn, value: variable.data, unit: variable.unit });
  };
  let upstream = 'grid';
  if (gridMeter) {
    place(gridMeter, width / 2, 100);
    edges.push({ from: 'grid', to: gridMeter.sn });
    upstream = gridMeter.sn;
  }
  nodes.push({ id: 'bus', type: 'busbar', x: width / 2, y: 200, label: names.busbar });
  edges.push({ from: upstream, to: 'bus' });
  branches.forEach((device, index) => {
    place(device, 75 + index * 150, 300);
    edges.push({ from: 'bus', to: device.sn });
  });
  return { diagram: { id: 0, name: '', nodes, edges }, values };
}

/** A branch of a busbar: the node below it and the power it draws (negative: it feeds the bus). */
export interface Branch {
  busId: string;
  nodeId: string;
  label: string;
  draw: number | null;
  unit: string;
}

/** A busbar's balance: the power from above it, what its branches draw, and the rest (losses, unmetered loads). */
export interface Balance {
  busId: string;
  label: string;
  inflow: number | null;
  drawn: number | null;
  unaccounted: number | null;
  share: number | null;
}

export interface DiagramAnalysis {
  branches: Branch[];
  balances: Balance[];
  /** Nodes that should show a value and show none: no variable, or no sample of it. */
  withoutData: DiagramNode[];
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * What a one-line diagram says with its latest values: the power through each branch of each
 * busbar (a source's output counted as feeding the bus), the balance of each busbar — what comes
 * from the node above it less what its branches draw, which is lost or drawn unmetered — and the
 * nodes without data. The grid and busbars themselves carry no value.
 */
export function analyseDiagram(diagram: Diagram, values: NodeValue[]): DiagramAnalysis {
  const byNode = new Map(values.map((v) => [v.nodeId, v]));
  const node = new Map(diagram.nodes.map((n) => [n.id, n]));
  const edges = diagram.edges ?? [];
  const branches: Branch[] = [];
  const balances: Balance[] = [];
  for (const bus of diagram.nodes.filter((n) => n.type === 'busbar')) {
    const above = edges.find((e) => e.to === bus.id)?.from;
    const below = edges.filter((e) => e.from === bus.id).flatMap((e) => (node.get(e.to) ? [node.get(e.to) as DiagramNode] : []));
    const own = below.map((n) => {
      const value = byNode.get(n.id);
      const measured = value?.value ?? null;
      const draw = measured === null ? null : SOURCES.has(n.type) ? -measured : measured;
      return { busId: bus.id, nodeId: n.id, label: n.label ?? n.id, draw, unit: value?.unit ?? '' };
    });
    branches.push(...own);
    const inflow = above ? (byNode.get(above)?.value ?? null) : null;
    const complete = own.every((b) => b.draw !== null);
    const drawn = complete && own.length ? round(own.reduce((sum, b) => sum + (b.draw ?? 0), 0)) : null;
    const unaccounted = inflow !== null && drawn !== null ? round(inflow - drawn) : null;
    balances.push({
      busId: bus.id,
      label: bus.label ?? bus.id,
      inflow,
      drawn,
      unaccounted,
      share: unaccounted !== null && inflow ? round((unaccounted / Math.abs(inflow)) * 100) : null,
    });
  }
  const withoutData = diagram.nodes.filter(
    (n) => n.type !== 'grid' && n.type !== 'busbar' && (byNode.get(n.id)?.value ?? null) === null,
  );
  return { branches, balances, withoutData };
}
