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

type Context = ReturnType<typeof setup>;

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

  test("the floor is the asker's: an answer a dashboard may still be given after a sample is not given to a call asked alone", async () => {
    const { cache, ask, calls } = setup();
    await ask('shared');
    cache.samplesArrived(2);
    await ask('shared');
    expect(calls()).toBe(1);
    expect((await cache.answer(2, 'shared', async () => 'fresh', 0)).text).toBe('fresh');
    // The answer made for the call asked alone is the newer one, and the dashboard is given it.
    expect((await ask('shared')).text).toBe('fresh');
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

  test('an answer asked for since the bound last passed it outlives older ones that were not', async () => {
    const cache = new NeedCache({ maxBytes: 1_000 });
    let calls = 0;
    // Each answer takes 25 bytes (its need's text and its answer's): 40 fit.
    const ask = (need: number) =>
      cache.answer(2, `need-${need}`, async () => {
        calls += 1;
        return 'x'.repeat(18);
      });
    for (let need = 10; need < 50; need += 1) await ask(need);
    expect(cache.size).toEqual({ entries: 40, bytes: 1_000 });
    await ask(10);
    for (let need = 50; need < 60; need += 1) await ask(need);
    expect(cache.size).toEqual({ entries: 40, bytes: 1_000 });
    const computed = calls;
    await ask(10);
    expect(calls).toBe(computed);
    await ask(11);
    expect(calls).toBe(computed + 1);
  });

  describe("a batch's whole answer", () => {
    /** A batch of needs `a` and `b` of tenant 2, answered and remembered as the batch handler does. */
    async function remembered(options: { maxBytes?: number } = {}) {
      const context = setup(options);
      const { cache, ask } = context;
      const parts = [await ask('a'), await ask('b')];
      const batch = () => cache.batch(2, 'batch');
      cache.rememberBatch(
        2,
        'batch',
        'whole',
        ['a', 'b'],
        parts.map((part) => part.version),
      );
      return { ...context, batch };
    }

    test('is given again while every answer it was made of stands, for its tenant only', async () => {
      const { clock, cache, batch } = await remembered();
      expect(batch()).toBe('whole');
      clock.now += SAMPLE_FLOOR_MS - 1;
      cache.samplesArrived(2);
      expect(batch()).toBe('whole');
      expect(cache.batch(3, 'batch')).toBeUndefined();
    });

    test.each([
      ['a record of the tenant changed', ({ cache }: Context) => cache.dataChanged(2)],
      [
        'samples arrived past the floor',
        ({ clock, cache }: Context) => ((clock.now += SAMPLE_FLOOR_MS), cache.samplesArrived(2)),
      ],
      ['an answer of it is due to be computed again', ({ clock }: Context) => (clock.now += MAX_AGE_MS)],
      ['the quarter hour ended', ({ clock }: Context) => (clock.now = Date.UTC(2026, 10, 25, 8, 15))],
      [
        'an answer of it was computed anew (a call asked alone, after a sample)',
        async ({ cache }: Context) => {
          cache.samplesArrived(2);
          await cache.answer(2, 'a', async () => 'newer', 0);
        },
      ],
      ['an answer of it was dropped', ({ cache }: Context) => cache.clear()],
    ])('is not given once %s', async (_case, change) => {
      const context = await remembered();
      await change(context);
      expect(context.batch()).toBeUndefined();
    });

    test('lives on when an answer of it is computed again past its age to the same text', async () => {
      const { clock, cache, batch } = await remembered();
      clock.now += MAX_AGE_MS;
      // Answered need by need, which computes the answers again; they come out the same.
      await cache.answer(2, 'a', async () => '{"code":0,"data":1}');
      await cache.answer(2, 'b', async () => '{"code":0,"data":2}');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(batch()).toBe('whole');
    });

    test('is not remembered when an answer it was made of is no longer the one kept', async () => {
      const { cache, ask } = setup();
      const a = await ask('a');
      cache.dataChanged(2);
      await ask('a');
      cache.rememberBatch(2, 'batch', 'whole', ['a'], [a.version]);
      expect(cache.batch(2, 'batch')).toBeUndefined();
      // Nor when one of its needs failed (an answer kept for it from before): it has no version.
      const kept = await ask('a');
      await ask('b');
      cache.rememberBatch(2, 'failed', 'whole', ['a', 'b'], [kept.version]);
      expect(cache.batch(2, 'failed')).toBeUndefined();
      expect(cache.size.entries).toBe(2);
    });

    test('counts in the bound, and keeps the answers it is made of asked for', async () => {
      const { cache, ask, batch } = await remembered({ maxBytes: 200 });
      expect(cache.size.entries).toBe(3);
      for (let need = 0; need < 20; need += 1) {
        await ask(`other-${need}`);
        // The batch given between them keeps it and its answers in the bound, older though they are.
        expect(batch()).toBe('whole');
        expect(cache.size.bytes).toBeLessThanOrEqual(200);
      }
    });
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
