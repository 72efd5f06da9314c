/** The specification's refresh of live screens: every 20 seconds. */
export const REFRESH_INTERVAL_MS = 20_000;

/** Whether the page is hidden, and news when that changes. */
export interface Visibility {
  hidden(): boolean;
  subscribe(onChange: () => void): () => void;
}

/** The document's visibility (a background tab, a phone's screen turned off); none outside a browser. */
export function documentVisibility(): Visibility | undefined {
  if (typeof document === 'undefined') return undefined;
  return {
    hidden: () => document.visibilityState === 'hidden',
    subscribe(onChange) {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
  };
}

/**
 * Calls `onTick` every `intervalMs` while the page is shown, never while it is hidden (a phone in a
 * pocket asks nothing), and once as soon as it is shown again after a tick was missed, so what it
 * shows is never older than one interval once seen. Answers the stop.
 */
export function everyWhileVisible(
  intervalMs: number,
  onTick: () => void,
  visibility: Visibility | undefined = documentVisibility(),
): () => void {
  let missed = false;
  const timer = setInterval(() => {
    if (visibility?.hidden()) missed = true;
    else onTick();
  }, intervalMs);
  const unsubscribe = visibility?.subscribe(() => {
    if (visibility.hidden() || !missed) return;
    missed = false;
    onTick();
  });
  return () => {
    clearInterval(timer);
    unsubscribe?.();
  };
}
