import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element (CSS pixels), followed as it changes: a widget lays itself out for the
 * box the dashboard gives it, which on a phone or in a narrow cell is not the window's width.
 * Undefined until measured (and where nothing measures, as in a test's document).
 */
export function useBoxWidth<T extends HTMLElement>(): [ref: (element: T | null) => void, width: number | undefined] {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.current.observe(element);
  }, []);
  return [ref, width];
}
