import { describe, expect, test } from 'vitest';
import { CallerCache } from './callers';
import type { AuthContext } from './context';

const caller: AuthContext = { kind: 'client', clientId: 'web' };

describe('callers kept for their tokens', () => {
  test('a caller is kept until its token expires, 5 s at most', () => {
    const cache = new CallerCache(() => true);
    cache.set('a', caller, 10_000, cache.mark(), 0);
    cache.set('b', caller, 2_000, cache.mark(), 0);
    expect(cache.get('a', 4_999)).toBe(caller);
    expect(cache.get('a', 5_000)).toBeUndefined();
    expect(cache.get('b', 1_999)).toBe(caller);
    expect(cache.get('b', 2_000)).toBeUndefined();
  });

  test('a drop empties it, and a lookup that the drop overtook keeps nothing', () => {
    const cache = new CallerCache(() => true);
    cache.set('a', caller, 10_000, cache.mark(), 0);
    const mark = cache.mark();
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('b', caller, 10_000, mark, 1);
    expect(cache.get('b', 2)).toBeUndefined();
    cache.set('b', caller, 10_000, cache.mark(), 3);
    expect(cache.get('b', 4)).toBe(caller);
  });

  test('nothing is kept or answered while changes may be missed', () => {
    let live = true;
    const cache = new CallerCache(() => live);
    cache.set('a', caller, 10_000, cache.mark(), 0);
    live = false;
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('b', caller, 10_000, cache.mark(), 1);
    live = true;
    expect(cache.get('b', 2)).toBeUndefined();
  });
});
