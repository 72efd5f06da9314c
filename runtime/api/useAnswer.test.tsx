import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RuntimeProvider } from '../RuntimeContext';
import { memoryRuntime } from '../shell/memoryRuntime';
import { useAnswer, type AnswerOptions } from './useAnswer';

/** Lets an answer reach the screen: its promise settles, then the cache tells its screens in a task of its own. */
const flush = () =>
  act(async () => {
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** Only the refresh's intervals are the test's to move: the cache's own timeouts run as they do. */
const fakeIntervals = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

/** A read whose answers the test gives, one per call, in order. */
function reads() {
  const pending: { resolve(value: string): void; reject(error: Error): void }[] = [];
  const read = vi.fn(() => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })));
  return {
    read,
    answer: (value: string) => pending.shift()?.resolve(value),
    fail: (message: string) => pending.shift()?.reject(new Error(message)),
  };
}

function hook(options?: AnswerOptions) {
  const { read, answer, fail } = reads();
  const runtime = memoryRuntime('en', 'default');
  const view = renderHook(({ key, on }: { key: string; on: boolean }) => useAnswer(on ? read : undefined, key, options), {
    initialProps: { key: 'a', on: true },
    wrapper: ({ children }: { children: ReactNode }) => <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>,
  });
  const settle = async (step: () => void) => {
    act(step);
    await flush();
  };
  return {
    view,
    read,
    answer: (value: string) => settle(() => answer(value)),
    fail: (message: string) => settle(() => fail(message)),
  };
}

describe('answers of reads', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  test('nothing is asked until there is something to read; then the answer comes', async () => {
    const { view, read, answer } = hook();
    view.rerender({ key: 'a', on: false });
    expect(view.result.current).toMatchObject({ loading: true });
    view.rerender({ key: 'b', on: true });
    expect(read).toHaveBeenCalledTimes(2);
    await answer('first');
    await answer('second');
    expect(view.result.current).toMatchObject({ data: 'second', loading: false });
  });

  test("another key's answer is not shown while it loads, unless kept", async () => {
    const plain = hook();
    await plain.answer('of a');
    plain.view.rerender({ key: 'b', on: true });
    await flush();
    expect(plain.view.result.current.data).toBeUndefined();
    expect(plain.view.result.current.loading).toBe(true);

    const kept = hook({ keep: true });
    await kept.answer('of a');
    kept.view.rerender({ key: 'b', on: true });
    await flush();
    expect(kept.view.result.current).toMatchObject({ data: 'of a', loading: true });
    await kept.answer('of b');
    expect(kept.view.result.current).toMatchObject({ data: 'of b', loading: false });
  });

  test('a late answer of the last key is dropped', async () => {
    const { view, answer } = hook();
    view.rerender({ key: 'b', on: true });
    await answer('of a');
    expect(view.result.current.data).toBeUndefined();
    await answer('of b');
    expect(view.result.current.data).toBe('of b');
  });

  test('asked again every refreshMs; a failure is kept while it is asked again, and gone with the next answer', async () => {
    fakeIntervals();
    const { view, read, answer, fail } = hook({ refreshMs: 1_000 });
    await fail('unavailable');
    expect(view.result.current).toMatchObject({ loading: false, error: 'unavailable' });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(read).toHaveBeenCalledTimes(2);
    await flush();
    expect(view.result.current).toMatchObject({ loading: true, error: 'unavailable' });
    await answer('back');
    expect(view.result.current).toEqual(expect.objectContaining({ data: 'back', loading: false }));
    expect(view.result.current.error).toBeUndefined();
  });

  test('not asked again while the page is hidden; asked at once when it is shown again', async () => {
    fakeIntervals();
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const { read, answer } = hook({ refreshMs: 1_000 });
      await answer('first');
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(read).toHaveBeenCalledTimes(1);
      state.mockReturnValue('visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      state.mockRestore();
    }
  });

  test("setData takes a later step's answer", async () => {
    const { view, answer } = hook();
    await answer('sent');
    act(() => view.result.current.setData('replied'));
    await waitFor(() => expect(view.result.current).toMatchObject({ data: 'replied', loading: false }));
  });
});
