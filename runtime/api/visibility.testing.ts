import type { Visibility } from './refresh';

/** A page whose visibility a test sets, with how many listen to it. */
export function fakeVisibility(initiallyHidden = false): Visibility & { set(hidden: boolean): void; listeners(): number } {
  let hidden = initiallyHidden;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      hidden = value;
      for (const listener of listeners) listener();
    },
    listeners: () => listeners.size,
  };
}
