import { describe, expect, test } from 'vitest';
import { undoKeyAction } from './useUndoKeys';

const press = (key: string, keys: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key,
  ctrlKey: keys.ctrl ?? false,
  metaKey: keys.meta ?? false,
  shiftKey: keys.shift ?? false,
  altKey: keys.alt ?? false,
});

describe('undo and redo by keyboard', () => {
  test.each([
    ['Ctrl+Z', press('z', { ctrl: true }), 'undo'],
    ['⌘Z', press('z', { meta: true }), 'undo'],
    ['Ctrl+Shift+Z', press('Z', { ctrl: true, shift: true }), 'redo'],
    ['⇧⌘Z', press('Z', { meta: true, shift: true }), 'redo'],
    ['Ctrl+Y', press('y', { ctrl: true }), 'redo'],
    ['Z alone', press('z'), undefined],
    ['Ctrl+Alt+Z', press('z', { ctrl: true, alt: true }), undefined],
    ['Ctrl+S', press('s', { ctrl: true }), undefined],
  ])('%s asks for %s', (_name, event, action) => {
    expect(undoKeyAction(event)).toBe(action);
  });
});
