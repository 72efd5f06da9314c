import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { everyWhileVisible, REFRESH_INTERVAL_MS } from './refresh';
import { fakeVisibility } from './visibility.testing';

const page = fakeVisibility;

describe('refreshing while the page is shown', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test("every 20 seconds (the specification's interval) while shown", () => {
    const onTick = vi.fn();
    everyWhileVisible(REFRESH_INTERVAL_MS, onTick, page());
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS - 1);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS * 2);
    expect(onTick).toHaveBeenCalledTimes(3);
  });

  test('paused while hidden, once at once when shown again after a missed turn', () => {
    const visibility = page();
    const onTick = vi.fn();
    everyWhileVisible(REFRESH_INTERVAL_MS, onTick, visibility);
    visibility.set(true);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS * 5);
    expect(onTick).not.toHaveBeenCalled();
    visibility.set(false);
    expect(onTick).toHaveBeenCalledTimes(1);
    // Hidden and shown again within one interval: nothing was missed, nothing is asked.
    visibility.set(true);
    visibility.set(false);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS);
    expect(onTick).toHaveBeenCalledTimes(2);
  });

  test('the stop ends the timer and the visibility listener', () => {
    const visibility = page();
    const onTick = vi.fn();
    const stop = everyWhileVisible(REFRESH_INTERVAL_MS, onTick, visibility);
    expect(visibility.listeners()).toBe(1);
    stop();
    expect(visibility.listeners()).toBe(0);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS * 3);
    expect(onTick).not.toHaveBeenCalled();
  });
});
