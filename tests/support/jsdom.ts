import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage, requireLabels } from '../../runtime/i18n/i18n';

// What a test finds (\`findBy…\`, \`waitFor\`) is found as soon as it is drawn; a test fails when it is
// not drawn within 5 s, not within the default second, which a busy two-core machine can take.
configure({ asyncUtilTimeout: 5_000 });

// What a test drew is taken away after it: the files a worker runs share one document
// (\`isolate: false\`), and a tree left mounted (an error a later event made it show again) was
// found by the next file's queries of the whole document.
afterEach(cleanup);

// jsdom lacks what Ant Design measures the window with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
// jsdom has no canvas: charts get a 2D context that draws nothing (text measured at 7 px a character).
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const state: Record<string | symbol, unknown> = { canvas: this };
  const inert = () => new Proxy({}, { get: () => () => undefined });
  return new Proxy(state, {
    get: (target, key) =>
      key in target
        ? target[key]
        : key === 'measureText'
          ? (text: string) => ({ width: text.length * 7 })
          : key === 'getImageData'
            ? () => ({ data: new Uint8ClampedArray(4) })
            : key.toString().startsWith('create')
              ? inert
              : () => undefined,
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

// The labels of both languages, which the app loads one at a time, ready before any test reads one.
await Promise.all([loadLanguage('zh'), loadLanguage('en'), requireLabels('main'), requireLabels('screens')]);
