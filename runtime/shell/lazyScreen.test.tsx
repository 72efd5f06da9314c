import { render, screen } from '@testing-library/react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { I18nextProvider } from 'react-i18next';
import { lazyScreen, Loading, ScreenBoundary, useCodeThere, withTimeout, type LazyScreen } from './lazyScreen';

describe('screens loaded on first use', () => {
  afterEach(() => vi.useRealTimers());

  test('a chunk that does not load within 120 s is given up', async () => {
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise<never>(() => undefined));
    const outcome = never().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('the screen did not load within 120 s');
  });

  test('a chunk that fails shows a clear error with a reload, not a white page', async () => {
    const Broken = lazyScreen<object>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <ScreenBoundary>
          <Broken />
        </ScreenBoundary>
      </I18nextProvider>,
    );
    expect(await screen.findByText('The screen could not be loaded')).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  test('a stylesheet chunk that fails to preload shows the same error', async () => {
    const Fine = lazyScreen(() => Promise.resolve({ default: () => <p>content</p> }));
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <ScreenBoundary>
          <Fine />
        </ScreenBoundary>
      </I18nextProvider>,
    );
    expect(await screen.findByText('content')).toBeTruthy();
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/ListPage.css'),
    });
    window.dispatchEvent(event);
    expect(await screen.findByText('Unable to preload CSS for /assets/ListPage.css')).toBeTruthy();
    expect(event.defaultPrevented).toBe(true);
  });

  test('a screen whose code was preloaded renders at once, without its spinner', async () => {
    const Preloaded = lazyScreen(() => Promise.resolve({ default: () => <p>ready</p> }));
    Preloaded.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const view = render(
      <I18nextProvider i18n={i18nFor('en')}>
        <ScreenBoundary>
          <Preloaded />
        </ScreenBoundary>
      </I18nextProvider>,
    );
    expect(view.container.textContent).toBe('ready');
  });

  test('a screen awaited with useCodeThere shows the spinner, then the screen, without suspending', async () => {
    let arrive: (module: { default: ComponentType }) => void = () => undefined;
    const Later = lazyScreen(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    let suspended = 0;
    function Suspended() {
      useEffect(() => {
        suspended += 1;
      }, []);
      return null;
    }
    function Gate({ screen }: { screen: LazyScreen<object> }) {
      const Screen = screen;
      return useCodeThere(screen) ? <Screen /> : <Loading />;
    }
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <Suspense fallback={<Suspended />}>
          <Gate screen={Later} />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    arrive({ default: () => <p>arrived</p> });
    expect(await screen.findByText('arrived')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(suspended, 'times the Suspense fallback was shown').toBe(0);
  });
});
