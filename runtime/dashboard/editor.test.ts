import { describe, expect, test } from 'vitest';
import {
  addWidget,
  clearWidgets,
  emptyDocument,
  moveInOrder,
  removeWidget,
  setLayout,
  setWidgetConfig,
  type DashboardDocument,
} from './document';
import { canRedo, canUndo, createEditorStore, HISTORY_LIMIT, isDirty } from './editor';

const SIZE = { w: 6, h: 4 };
const sizeOf = () => SIZE;

/** A stored dashboard of two widgets. */
function stored(): DashboardDocument {
  const document = structuredClone(emptyDocument('T2-ST1'));
  addWidget(document, { id: 'a', type: 'trend', config: { name: 'A' } }, SIZE);
  addWidget(document, { id: 'b', type: 'gauge', config: { name: 'B' } }, SIZE);
  return { ...document, version: 3 };
}

function loaded() {
  const store = createEditorStore();
  const document = stored();
  store.getState().load(document);
  return { store, document, state: () => store.getState() };
}

describe('the dashboard editor', () => {
  test('a loaded document is shown as it is: not changed, nothing to undo or redo', () => {
    const { state, document } = loaded();
    expect(state().document).toBe(document);
    expect(isDirty(state())).toBe(false);
    expect(canUndo(state())).toBe(false);
    expect(canRedo(state())).toBe(false);
  });

  test('an edit changes the document shown, marks it changed, and leaves the widgets it does not touch as they were', () => {
    const { state, document } = loaded();
    state().edit((draft) => setWidgetConfig(draft, 'a', { name: 'A2' }));
    const edited = state().document;
    expect(edited?.widgets[0]?.config).toEqual({ name: 'A2' });
    expect(edited?.widgets[1]).toBe(document.widgets[1]);
    expect(edited?.layouts).toBe(document.layouts);
    expect(isDirty(state())).toBe(true);
    expect(state().saved).toBe(document);
  });

  test.each([
    [
      'a move',
      (draft: DashboardDocument) =>
        setLayout(draft, 'desktop', [
          { id: 'a', x: 6, y: 0, w: 6, h: 4 },
          { id: 'b', x: 0, y: 0, w: 6, h: 4 },
        ]),
    ],
    [
      'a resize',
      (draft: DashboardDocument) =>
        setLayout(draft, 'desktop', [
          { id: 'a', x: 0, y: 0, w: 12, h: 8 },
          { id: 'b', x: 0, y: 8, w: 6, h: 4 },
        ]),
    ],
    ['an added widget', (draft: DashboardDocument) => addWidget(draft, { id: 'c', type: 'image', config: {} }, SIZE)],
    ['a removed widget', (draft: DashboardDocument) => removeWidget(draft, 'a')],
    ['every widget cleared at once', (draft: DashboardDocument) => clearWidgets(draft)],
    ['a widget moved in the phone’s order', (draft: DashboardDocument) => moveInOrder(draft, 'phone', 'b', -1, sizeOf)],
  ])('undo takes back %s, and redo makes it again', (_name, recipe) => {
    const { state, document } = loaded();
    state().edit(recipe);
    const edited = state().document;
    expect(edited).not.toEqual(document);
    state().undo();
    expect(state().document).toEqual(document);
    // Undone back to the stored document: nothing left to save.
    expect(isDirty(state())).toBe(false);
    expect(canRedo(state())).toBe(true);
    state().redo();
    expect(state().document).toEqual(edited);
    expect(isDirty(state())).toBe(true);
    expect(canRedo(state())).toBe(false);
  });

  test('undo and redo walk several edits in order', () => {
    const { state } = loaded();
    state().edit((draft) => setWidgetConfig(draft, 'a', { name: 'A2' }));
    state().edit((draft) => removeWidget(draft, 'b'));
    state().undo();
    expect(state().document?.widgets.map((w) => w.id)).toEqual(['a', 'b']);
    expect(state().document?.widgets[0]?.config).toEqual({ name: 'A2' });
    state().undo();
    expect(state().document?.widgets[0]?.config).toEqual({ name: 'A' });
    expect(canUndo(state())).toBe(false);
    state().undo();
    expect(state().document?.widgets[0]?.config).toEqual({ name: 'A' });
    state().redo();
    state().redo();
    expect(state().document?.widgets.map((w) => w.id)).toEqual(['a']);
  });

  test('a new edit after an undo clears what could be redone', () => {
    const { state } = loaded();
    state().edit((draft) => setWidgetConfig(draft, 'a', { name: 'A2' }));
    state().undo();
    state().edit((draft) => setWidgetConfig(draft, 'b', { name: 'B2' }));
    expect(canRedo(state())).toBe(false);
    state().redo();
    expect(state().document?.widgets[0]?.config).toEqual({ name: 'A' });
    expect(state().document?.widgets[1]?.config).toEqual({ name: 'B2' });
  });

  test('an edit that changes nothing is no step', () => {
    const { state, document } = loaded();
    state().edit((draft) => setWidgetConfig(draft, 'nobody', { name: 'X' }));
    expect(state().document).toBe(document);
    expect(canUndo(state())).toBe(false);
  });

  test(`the history keeps the last ${HISTORY_LIMIT} edits`, () => {
    const { state } = loaded();
    for (let n = 1; n <= HISTORY_LIMIT + 5; n += 1) state().edit((draft) => setWidgetConfig(draft, 'a', { name: `A${n}` }));
    let undone = 0;
    while (canUndo(state())) {
      state().undo();
      undone += 1;
    }
    expect(undone).toBe(HISTORY_LIMIT);
    expect(state().document?.widgets[0]?.config).toEqual({ name: 'A5' });
  });

  test('a save makes the stored document the saved one, with a clean history; discard returns to the saved one', () => {
    const { state } = loaded();
    state().edit((draft) => setWidgetConfig(draft, 'a', { name: 'A2' }));
    const answer = { ...(state().document as DashboardDocument), version: 4 };
    state().stored(answer);
    expect(state().document).toBe(answer);
    expect(isDirty(state())).toBe(false);
    expect(canUndo(state())).toBe(false);
    state().edit((draft) => removeWidget(draft, 'b'));
    state().discard();
    expect(state().document).toBe(answer);
    expect(canUndo(state())).toBe(false);
    expect(canRedo(state())).toBe(false);
  });

  test(`an edit past the history's ${HISTORY_LIMIT} steps leaves the stored document out of reach`, () => {
    const { state } = loaded();
    for (let n = 1; n <= HISTORY_LIMIT + 1; n += 1) state().edit((draft) => setWidgetConfig(draft, 'a', { name: `A${n}` }));
    while (canUndo(state())) state().undo();
    expect(isDirty(state())).toBe(true);
  });

  test('a reload starts over from the document loaded', () => {
    const { state } = loaded();
    state().edit((draft) => removeWidget(draft, 'b'));
    const again = stored();
    state().load(again);
    expect(state().document).toBe(again);
    expect(canUndo(state())).toBe(false);
  });

  test('the widget being configured is selected, is no step of undo, and a reload clears it', () => {
    const { state } = loaded();
    state().select('b');
    expect(state().selected).toBe('b');
    expect(canUndo(state())).toBe(false);
    state().load(stored());
    expect(state().selected).toBeNull();
  });
});
