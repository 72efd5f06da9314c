import { describe, expect, test } from 'vitest';
import { drawnNodes } from './ListTree';

describe('the nodes of a list tree', () => {
  test('are keyed by id and titled by name, each with the nodes under it when the tree is nested', () => {
    const nodes = [
      { id: 1, name: 'Operations', leader: 'Li', children: [{ id: 2, name: 'Storage', children: [] }] },
      { id: 3, name: 'Finance', children: [] },
    ];
    expect(drawnNodes(nodes, 'children')).toEqual([
      { key: 1, title: 'Operations', children: [{ key: 2, title: 'Storage' }] },
      { key: 3, title: 'Finance' },
    ]);
  });

  test('of a flat tree leave what each node holds undrawn (a camera group is not the parent of its cameras)', () => {
    const groups = [{ id: 7, name: 'Platform A', ipcs: [{ id: 70, name: 'Dome' }] }];
    expect(drawnNodes(groups)).toEqual([{ key: 7, title: 'Platform A' }]);
  });

  test('grouping leaves, hold the groups under them, then their leaves; only a leaf is picked, and a group is keyed apart from a leaf of its id', () => {
    const departments = [
      {
        id: 1,
        name: 'Operations',
        stations: [{ id: 1, name: 'Yard' }],
        children: [{ id: 2, name: 'Storage', stations: [{ id: 5, name: 'Pack A' }], children: [] }],
      },
      { id: 3, name: 'Empty', stations: [], children: [] },
    ];
    expect(drawnNodes(departments, 'children', 'stations')).toEqual([
      {
        key: 'group-1',
        title: 'Operations',
        selectable: false,
        children: [
          { key: 'group-2', title: 'Storage', selectable: false, children: [{ key: 5, title: 'Pack A', isLeaf: true }] },
          { key: 1, title: 'Yard', isLeaf: true },
        ],
      },
      { key: 'group-3', title: 'Empty', selectable: false },
    ]);
  });
});
