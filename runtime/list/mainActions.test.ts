import { describe, expect, test } from 'vitest';
import { mainActions } from './mainActions';

const kinds = (list: { kind: string }[]) => list.map((action) => action.kind);
const offered = (...list: string[]) => list.map((kind) => ({ kind }));

describe("a row's main actions and those under More", () => {
  test.each([
    // The customers' eight actions: edit and the first form stay, the six others are under More.
    [
      offered('edit', 'form', 'form', 'navigate', 'navigate', 'navigate', 'navigate', 'delete'),
      ['edit', 'form'],
      ['form', 'navigate', 'navigate', 'navigate', 'navigate', 'delete'],
    ],
    // Three or fewer: all of them, a delete too.
    [offered('edit', 'delete'), ['edit', 'delete'], []],
    [offered('edit', 'transition', 'delete'), ['edit', 'transition', 'delete'], []],
    // A delete early in the schema is not a main action.
    [offered('edit', 'delete', 'transition', 'navigate'), ['edit', 'transition'], ['delete', 'navigate']],
    [offered(), [], []],
  ])('%j: main %j, more %j', (actions, main, more) => {
    const split = mainActions(actions);
    expect(kinds(split.main)).toEqual(main);
    expect(kinds(split.more)).toEqual(more);
  });
});
