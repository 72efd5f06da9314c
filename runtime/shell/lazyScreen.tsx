import { Button, Result, Spin } from 'antd';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

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
export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code now (while what the screen waits for is still being fetched). */
  preload(): void;
};

/** A screen whose code is loaded when it is first shown (or preloaded); the code is asked for once. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ms?: number): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (loading ??= withTimeout(load, ms)());
  // A failed preload is shown by the screen when it renders, through its boundary.
  return Object.assign(lazy<ComponentType<P>>(once), { preload: () => void once().catch(() => undefined) });
}

function ChunkError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.chunkError')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
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
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>{children}</Suspense>
    </Boundary>
  );
}
