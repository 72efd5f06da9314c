import { describe, expect, test } from 'vitest';
import { labelTree } from './StationEnergyLabelSelect';

describe('the energy label picker', () => {
  test('nests each label under its parent, in the order of the list', () => {
    const tree = labelTree([
      { id: 1, name: '总用电', parentId: 0 },
      { id: 2, name: '生产用电', parentId: 1 },
      { id: 3, name: '办公用电', parentId: 1 },
      { id: 4, name: '空调', parentId: 3 },
      { id: 5, name: '光伏发电' },
    ] as never);
    expect(tree.map((node) => node.title)).toEqual(['总用电', '光伏发电']);
    expect(tree[0]?.children.map((node) => node.title)).toEqual(['生产用电', '办公用电']);
    expect(tree[0]?.children[1]?.children.map((node) => node.value)).toEqual([4]);
  });

  test('a label whose parent is not listed, or is itself, is shown at the top', () => {
    const tree = labelTree([
      { id: 7, name: '储能', parentId: 99 },
      { id: 8, name: '照明', parentId: 8 },
    ] as never);
    expect(tree.map((node) => node.value)).toEqual([7, 8]);
  });
});
