import { afterEach, describe, expect, test, vi } from 'vitest';
import { drawInTurn, SLICE_MS } from './drawInTurn';
import { heldTasks } from './tasks.testing';

/** Runs the next held task and what it settles. */
async function runTask(tasks: (() => void)[]): Promise<void> {
  tasks.shift()?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('charts drawn in turn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('are drawn in a task after the one that asked, all in one while the task is short', async () => {
    const tasks = heldTasks();
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const drawn: number[] = [];
    for (const n of [1, 2, 3]) drawInTurn(() => drawn.push(n));
    expect(tasks).toHaveLength(1);
    expect(drawn).toEqual([]);
    await runTask(tasks);
    expect(drawn).toEqual([1, 2, 3]);
    expect(tasks).toHaveLength(0);
  });

  test(`leave the rest to the next task once a task has drawn for ${SLICE_MS} ms`, async () => {
    const tasks = heldTasks();
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const drawn: number[] = [];
    // Each chart takes 20 ms: a task ends after its second.
    for (const n of [1, 2, 3, 4, 5]) drawInTurn(() => ((clock += 20), drawn.push(n)));
    await runTask(tasks);
    expect(drawn).toEqual([1, 2]);
    expect(tasks).toHaveLength(1);
    await runTask(tasks);
    expect(drawn).toEqual([1, 2, 3, 4]);
    await runTask(tasks);
    expect(drawn).toEqual([1, 2, 3, 4, 5]);
    expect(tasks).toHaveLength(0);
  });
});
