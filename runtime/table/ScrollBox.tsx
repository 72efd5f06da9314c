import type { ReactNode } from 'react';
import { useScrollRegion } from '../a11y/scrollRegion';

/**
 * A box that scrolls sideways what is wider than the page (a table of many columns on a phone),
 * so that the page itself never does; once its content overflows it takes keyboard focus and is
 * named `label`.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const [ref, region] = useScrollRegion<HTMLDivElement>(label);
  return (
    <div ref={ref} {...region} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
