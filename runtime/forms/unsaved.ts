import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';

/**
 * The parts of the application shown now with changes not saved (a form, a dashboard being
 * edited), each with what drops its changes. A part hidden (a page kept while another is shown)
 * or closed leaves it.
 */
const unsaved = createStore<ReadonlyMap<symbol, () => void>>(() => new Map());

/** Whether anything shown has changes not saved: leaving it asks first. */
export const hasUnsavedChanges = (): boolean => unsaved.getState().size > 0;

/** The user chose to leave: every part with changes not saved drops them (a dialog closes, a dashboard leaves edit mode). */
export function discardUnsavedChanges(): void {
  for (const discard of [...unsaved.getState().values()]) discard();
}

/**
 * Tells the application that this part has changes not saved while `dirty` holds, so that
 * navigation and leaving the page ask first; `discard` drops them when the user chooses to leave.
 */
export function useUnsavedChanges(dirty: boolean, discard: () => void): void {
  const latest = useRef(discard);
  useEffect(() => {
    latest.current = discard;
  }, [discard]);
  useEffect(() => {
    if (!dirty) return undefined;
    const key = Symbol('unsaved');
    unsaved.setState((parts) => new Map(parts).set(key, () => latest.current()), true);
    return () =>
      unsaved.setState((parts) => {
        const rest = new Map(parts);
        rest.delete(key);
        return rest;
      }, true);
  }, [dirty]);
}

/**
 * Asks whether to discard the changes not saved; `leave` runs when the user chooses to, and
 * nothing changes when they stay.
 */
export function useConfirmDiscard(): (leave: () => void, stay?: () => void) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (leave, stay) => {
      modal.confirm({
        title: t('common.unsavedTitle'),
        content: t('common.unsavedContent'),
        okText: t('common.discardChanges'),
        okButtonProps: { danger: true },
        // Enter or a hasty click keeps the changes: discarding them is chosen on purpose.
        autoFocusButton: 'cancel',
        cancelText: t('common.keepEditing'),
        onOk: leave,
        ...(stay ? { onCancel: stay } : {}),
      });
    },
    [modal, t],
  );
}

/**
 * A close (Cancel, Escape, a click outside, the dialog's ×) that asks first while there are
 * changes not saved, and closes at once otherwise.
 */
export function useGuardedClose(dirty: boolean, close: () => void): () => void {
  const confirm = useConfirmDiscard();
  return useCallback(() => (dirty ? confirm(close) : close()), [dirty, close, confirm]);
}
