import { useEffect, useRef, useState } from 'react';
import type { BoxSize } from './rules';

/** The size of an element, followed as it changes (the given size until it is first measured). */
export function useBoxSize<E extends HTMLElement>(initial: BoxSize) {
  const ref = useRef<E>(null);
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) {
        setSize((last) => (Math.abs(last.width - width) < 1 && Math.abs(last.height - height) < 1 ? last : { width, height }));
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}
