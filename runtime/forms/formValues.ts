import type { Registry } from '@rjsf/utils';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * The values a form holds as the user edits it, for a widget that depends on another field of the
 * form (a device's model suggested among the models of the kind picked): `SchemaForm` keeps them in
 * a store given to its widgets through the form's context (`formContext.values`).
 */
export type FormValues = StoreApi<Record<string, unknown>>;

export const createFormValues = (initial: Record<string, unknown> = {}): FormValues =>
  createStore<Record<string, unknown>>(() => initial);

const NO_VALUES: FormValues = createFormValues();

/** What `pick` takes from the values of the form a widget is in (none outside `SchemaForm`); drawn again when it changes. */
export function useFormValues<T>(registry: Registry, pick: (values: Record<string, unknown>) => T): T {
  const store = (registry.formContext as { values?: FormValues } | undefined)?.values ?? NO_VALUES;
  return useStore(store, pick);
}
