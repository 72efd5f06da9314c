import { describe, expect, test } from 'vitest';
import { MAX_AGE_MS, NeedCache, SAMPLE_FLOOR_MS, versionOf } from './needCache';

/** A cache on a clock the test moves, and a computation that counts its calls and answers their number. */
function setup(options: { maxBytes?: number; enabled?: () => boolean } = {}) {
  const clock = { now: Date.UTC(2026, 10, 25, 8, 1) };
  const cache = new NeedCache({ maxBytes: options.maxBytes ?? 1_000_000, now: () => clock.now, enabled: options.enabled });
  let calls = 0;
  const compute = async () => JSON.stringify({ code: 0, data: ++calls });
  const ask = (key = 'k', tenant = 2) => cache.answer(tenant, key, compute);
  return { clock, cache, ask, calls: () => calls };
}

describe('the answers of data needs, shared by viewers', () => {
  test('a need is computed once for every viewer until its data changes', async () => {
    const { cache, ask, calls } = setup();
    const first = await ask();
    expect(await ask()).toEqual(first);
    expect(calls()).toBe(1);
    cache.dataChanged(2);
    expect((await ask()).text).toBe('{"code":0,"data":2}');
  });

  test('viewers asking while it is computed wait for that one computation', async () => {
    const { ask, calls } = setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask()));
    expect(calls()).toBe(1);
    expect(new Set(answers.map((answer) => answer.version)).size).toBe(1);
  });

  test('a change of the records while a need is computed is not answered by that computation', async () => {
    const cache = new NeedCache({ maxBytes: 1_000_000 });
    let release: (text: string) => void = () => undefined;
    const slow = cache.answer(2, 'k', () => new Promise((resolve) => (release = resolve)));
    cache.dataChanged(2);
    const fresh = cache.answer(2, 'k', async () => 'after');
    release('before');
    expect((await slow).text).toBe('before');
    expect((await fresh).text).toBe('after');
    // The slower, older computation is not what is kept.
    expect((await cache.answer(2, 'k', async () => 'third')).text).toBe('after');
  });

  test('the tenant is part of what is shared: another tenant asking the same need gets its own answer', async () => {
    const { ask, cache, calls } = setup();
    await ask('same', 2);
    await ask('same', 7);
    expect(calls()).toBe(2);
    // The key the batch call makes carries the tenant too; the generations are per tenant as well.
    cache.dataChanged(7);
    await ask('same', 2);
    expect(calls()).toBe(2);
  });

  test.each([
    ['before the floor', SAMPLE_FLOOR_MS - 1, 1],
    ['at the floor', SAMPLE_FLOOR_MS, 2],
  ])('new samples: an answer is computed again only once it is %s old (%d ms: %d computations)', async (_, age, expected) => {
    const { clock, cache, ask, calls } = setup();
    await ask();
    clock.now += age;
    cache.samplesArrived(2);
    await ask();
    expect(calls()).toBe(expected);
  });

  test('an answer asked with no sample floor (a call asked alone) ends at the next sample, and is not answered by a computation started before it', async () => {
    const { cache } = setup();
    let calls = 0;
    const compute = async () => String(++calls);
    const ask = () => cache.answer(2, 'alone', compute, 0);
    expect((await ask()).text).toBe('1');
    expect((await ask()).text).toBe('1');
    cache.samplesArrived(2);
    expect((await ask()).text).toBe('2');
    let release: (text: string) => void = () => undefined;
    cache.dataChanged(2);
    const slow = cache.answer(2, 'alone', () => new Promise((resolve) => (release = resolve)), 0);
    cache.samplesArrived(2);
    const fresh = ask();
    release('before the sample');
    expect((await slow).text).toBe('before the sample');
    expect((await fresh).text).toBe('3');
  });

  test('past its maximum age an answer is still given while it is computed again for the next viewer', async () => {
    const { clock, ask, calls } = setup();
    const first = await ask();
    clock.now += MAX_AGE_MS - 1;
    await ask();
    expect(calls()).toBe(1);
    clock.now += 1;
    // The viewer asking then is not kept waiting: the answer held, and the next one on its way.
    expect(await ask()).toEqual(first);
    expect(calls()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await ask()).text).toBe('{"code":0,"data":2}');
    expect(calls()).toBe(2);
  });

  test('an answer is never given past the quarter hour of UTC it was made in: computed again before it is given', async () => {
    const { clock, ask, calls } = setup();
    // 08:14:59.5, then 08:15: a new day in a zone 8 h 15 min off, a new quarter for all.
    clock.now = Date.UTC(2026, 10, 25, 8, 14, 59, 500);
    await ask('q');
    clock.now = Date.UTC(2026, 10, 25, 8, 15);
    expect((await ask('q')).text).toBe('{"code":0,"data":2}');
    expect(calls()).toBe(2);
  });

  test('failures are not kept: the next viewer asks again', async () => {
    const cache = new NeedCache({ maxBytes: 1_000_000 });
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls += 1;
      throw new Error('not found');
    };
    await expect(cache.answer(2, 'k', failing)).rejects.toThrow('not found');
    await expect(cache.answer(2, 'k', failing)).rejects.toThrow('not found');
    expect(calls).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  test('10,000 distinct needs stay within the bound, the least recently asked for going first', async () => {
    const maxBytes = 100_000;
    const { cache, ask } = setup({ maxBytes });
    for (let need = 0; need < 10_000; need += 1) {
      await ask(`need-${need}`);
      expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size.entries).toBeGreaterThan(1_000);
    expect(cache.size.entries).toBeLessThan(10_000);
    const { calls } = { calls: cache.stats.computed };
    await ask('need-9999');
    await ask('need-0');
    expect(cache.stats.computed).toBe(calls + 1);
  });

  test('nothing is kept while it is off (a node that may miss changes), and versions are still given', async () => {
    let live = false;
    const { cache, ask, calls } = setup({ enabled: () => live });
    const first = await ask();
    await ask();
    expect(calls()).toBe(2);
    expect(cache.size.entries).toBe(0);
    expect(first.version).toBe(versionOf(first.text));
    live = true;
    await ask();
    await ask();
    expect(calls()).toBe(3);
  });

  test('a version is the same for the same text, on any node, and differs for another', () => {
    expect(versionOf('{"a":1}')).toBe(versionOf('{"a":1}'));
    expect(versionOf('{"a":1}')).not.toBe(versionOf('{"a":2}'));
  });
});
