import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** What a scrolling box carries once its content overflows it: keyboard focus and a name (WCAG 2.1.1). */
export interface ScrollRegionProps {
  tabIndex?: number;
  role?: 'group';
  'aria-label'?: string;
}

/**
 * A box whose content may scroll (a widget's body, a table's): once the content overflows it, the
 * box takes keyboard focus and is named `label`, so that it can be scrolled without a mouse; while
 * it does not, it is no stop for the Tab key. Checked as the box and its content change size, and
 * as its content is replaced.
 */
export function useScrollRegion<T extends HTMLElement>(label: string | undefined): [RefObject<T | null>, ScrollRegionProps] {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // Sizes are read in the observer's callback only, once the page is laid out: read at once as
    // the content changed, they made the browser lay the page out again for each box as a list or
    // a widget was drawn. The box's focus follows in the same frame, before it is painted: left to
    // React's next task, it came a frame or more later on a busy page, and a Tab pressed meanwhile
    // (or an audit made) found an overflowing box that took no focus.
    const check = () =>
      flushSync(() =>
        setOverflowing(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1),
      );
    const sizes = new ResizeObserver(check);
    // A box observed anew is reported at the next layout (unless it has no size), and with it the check made.
    const observeAll = () => {
      sizes.disconnect();
      sizes.observe(element);
      for (const child of element.children) sizes.observe(child);
    };
    const children = new MutationObserver(observeAll);
    children.observe(element, { childList: true });
    observeAll();
    return () => {
      sizes.disconnect();
      children.disconnect();
    };
  }, []);
  return [ref, overflowing ? { tabIndex: 0, role: 'group', 'aria-label': label } : {}];
}
