import { describe, expect, test } from 'vitest';
import { analyseDiagram, derivedDiagram, type WiredDevice } from './wiring';

const device = (sn: string, kind: string, values: Record<string, number | null>): WiredDevice => ({
  sn,
  name: sn,
  kind,
  variables: Object.entries(values).map(([code, data]) => ({ sn: `${sn}.${code}`, data, unit: 'kW' })),
});

const NAMES = { grid: 'Grid', busbar: 'Busbar' };

const station = [
  device('S-EMS', 'emsController', { commStatus: 1 }),
  device('S-MTR', 'meter', { activePower: 120 }),
  device('S-PCS1', 'pcs', { activePower: 50 }),
  device('S-INV1', 'pvInverter', { activePower: 30 }),
  device('S-LOAD', 'meter', { loadPower: 196 }),
  device('S-BMS', 'bms', { soc: 60 }),
];

describe('a diagram drawn from the devices', () => {
  test('grid, the grid meter, a busbar and the power devices under it, each with its power', () => {
    const { diagram, values } = derivedDiagram(station, NAMES);
    expect(diagram.nodes.map((n) => n.id)).toEqual(['grid', 'S-MTR', 'bus', 'S-PCS1', 'S-INV1', 'S-LOAD']);
    expect(diagram.edges).toEqual([
      { from: 'grid', to: 'S-MTR' },
      { from: 'S-MTR', to: 'bus' },
      { from: 'bus', to: 'S-PCS1' },
      { from: 'bus', to: 'S-INV1' },
      { from: 'bus', to: 'S-LOAD' },
    ]);
    expect(values.find((v) => v.nodeId === 'S-LOAD')).toEqual({ nodeId: 'S-LOAD', value: 196, unit: 'kW' });
  });

  test('a station without a meter hangs its busbar from the grid', () => {
    const { diagram } = derivedDiagram([device('P-INV1', 'pvInverter', { activePower: 10 })], NAMES);
    expect(diagram.edges?.[0]).toEqual({ from: 'grid', to: 'bus' });
  });
});

describe('what a diagram says', () => {
  test('sources feed the busbar; what the meter brings less what the branches draw is unaccounted', () => {
    const { diagram, values } = derivedDiagram(station, NAMES);
    const analysis = analyseDiagram(diagram, values);
    expect(analysis.branches.map((b) => [b.nodeId, b.draw])).toEqual([
      ['S-PCS1', -50],
      ['S-INV1', -30],
      ['S-LOAD', 196],
    ]);
    // 120 from the grid; the branches draw 196 - 50 - 30 = 116: 4 kW lost or unmetered, 3.33 %.
    expect(analysis.balances).toEqual([{ busId: 'bus', label: 'Busbar', inflow: 120, drawn: 116, unaccounted: 4, share: 3.33 }]);
    expect(analysis.withoutData).toEqual([]);
  });

  test('a node without a sample is listed and leaves its busbar without a balance', () => {
    const silent = station.map((d) => (d.sn === 'S-INV1' ? device('S-INV1', 'pvInverter', { activePower: null }) : d));
    const { diagram, values } = derivedDiagram(silent, NAMES);
    const analysis = analyseDiagram(diagram, values);
    expect(analysis.withoutData.map((n) => n.id)).toEqual(['S-INV1']);
    expect(analysis.balances[0]).toMatchObject({ inflow: 120, drawn: null, unaccounted: null, share: null });
  });
});
