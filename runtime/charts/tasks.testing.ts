import { vi } from 'vitest';

/**
 * The browser's task scheduler (`scheduler.postTask`), held by a test: each posted task waits in
 * the list answered until the test runs it. Undone by `vi.unstubAllGlobals()`.
 */
export function heldTasks(): (() => void)[] {
  const tasks: (() => void)[] = [];
  vi.stubGlobal('scheduler', {
    postTask: (callback: () => void) =>
      new Promise<void>((resolve) =>
        tasks.push(() => {
          callback();
          resolve();
        }),
      ),
  });
  return tasks;
}
