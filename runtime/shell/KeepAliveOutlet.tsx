import { Activity, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet, type Location } from 'react-router';
import { ScreenLocationProvider } from './screenLocation';

/** How many visited pages keep their state at most; the least recently shown goes first. */
const KEPT_PAGES = 12;

/** A kept page: what the outlet rendered for it, and the location it was last shown at. */
interface KeptPage {
  element: ReactNode;
  location: Location;
}

/**
 * The shell's outlet, keeping the pages the user switched away from: each stays mounted, hidden,
 * with its state (filters, page, open dialogs), until it is shown again. A page that must load
 * afresh each time (`keepAlive` false) is not kept. Each page reads the location it was last shown
 * at (`useScreenLocation`), so a hidden one is not drawn again as other screens open.
 */
export function KeepAliveOutlet({ keep }: { keep(pathname: string): boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const pages = useRef(new Map<string, KeptPage>());
  const key = location.pathname + location.search;
  const kept = pages.current;
  for (const [other] of kept) if (other !== key && !keep(other.split('?')[0] ?? '')) kept.delete(other);
  kept.delete(key);
  kept.set(key, { element: outlet, location });
  for (const [other] of kept) {
    if (kept.size <= KEPT_PAGES) break;
    kept.delete(other);
  }
  return (
    <>
      {[...kept].map(([pageKey, page]) => (
        <Activity key={pageKey} mode={pageKey === key ? 'visible' : 'hidden'}>
          <ScreenLocationProvider value={page.location}>{page.element}</ScreenLocationProvider>
        </Activity>
      ))}
    </>
  );
}
