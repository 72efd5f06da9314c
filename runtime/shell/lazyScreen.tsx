import { Component, createElement, Suspense, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './start.css';

/** A code chunk that has not loaded within this time is given up (the specification's 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Loads a screen's code, failing after `CHUNK_TIMEOUT_MS`. */
export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the screen did not load within ${ms / 1000} s`)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** A screen whose code loads when it is first shown, or earlier when `preload` is called. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the code now (while what the screen waits for is still being fetched); settles when it is there or has failed. */
  preload(): Promise<void>;
  /** Whether the code has loaded (or failed): the screen renders without suspending. */
  settled(): boolean;
};

/**
 * A screen whose code is loaded when it is first shown (or preloaded); the code is asked for once.
 * Once loaded, the screen renders at once: React's `lazy` suspends on its first render even when
 * the code is there already, and React then holds the revealed screen back for up to 300 ms
 * after its fallback showed — a preloaded screen would wait for nothing.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ms?: number): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let failed: Error | undefined;
  let loading: Promise<void> | undefined;
  const once = () =>
    (loading ??= withTimeout(load, ms)().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failed = error instanceof Error ? error : new Error(String(error));
      },
    ));
  function Screen(props: P) {
    // A failed load is shown by the screen's boundary; a load under way suspends the screen (a
    // thrown promise, as `lazy` itself does) until its code is there.
    if (failed) throw failed;
    if (!loaded) throw once();
    return createElement(loaded, props);
  }
  return Object.assign(Screen, { preload: once, settled: () => loaded !== undefined || failed !== undefined });
}

/**
 * Whether the code of `screen` is there (loaded, or failed: the screen then throws to its
 * boundary); the code is asked for now, and the caller is rendered again once it has come. A
 * caller that shows `Loading` until then, instead of rendering the screen and letting it suspend,
 * keeps the screen from being held back: React reveals a suspended part no sooner than 300 ms
 * after the last spinner it showed or hid, however soon its code arrived: the sign-in page,
 * suspended, was drawn 300 ms after its code had come (docs/decisions.md, "The dashboard's first
 * show").
 */
export function useCodeThere(screen: Pick<LazyScreen<object>, 'preload' | 'settled'> | undefined): boolean {
  const there = screen === undefined || screen.settled();
  if (!there) void screen.preload();
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (there) return;
    let current = true;
    void screen.preload().then(() => current && arrived());
    return () => {
      current = false;
    };
  }, [there, screen]);
  return there;
}

/**
 * What a screen shows while its code loads: drawn without the component library, which may be
 * what is loading.
 */
export function Loading() {
  const { t } = useTranslation();
  return <div className="app-loading" role="status" aria-label={t('common.loading')} />;
}

/** A screen whose code failed to load, with a reload button; drawn without the component library, which may be what failed. */
function ChunkError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="app-notice" role="alert">
      <strong>{t('common.chunkError')}</strong>
      <p>{error.message}</p>
      <button type="button" className="app-button app-button-primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode; failed?: Error }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const error = this.props.failed ?? this.state.error;
    return error ? <ChunkError error={error} /> : this.props.children;
  }
}

/**
 * Where a screen's code loads: a spinner meanwhile; a clear error with a reload button when the
 * code or its stylesheet fails or times out, never a white page.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const [failed, setFailed] = useState<Error>();
  useEffect(() => {
    // Vite announces a chunk (script or stylesheet) that failed to preload.
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      setFailed(new Error((event as Event & { payload?: Error }).payload?.message ?? 'a chunk failed to load'));
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
  return (
    <Boundary failed={failed}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Boundary>
  );
}
