/** How long a task drawing charts goes on before it lets the page paint and answer input: under the 50 ms of a long task. */
export const SLICE_MS = 30;

/** Settles in a task of its own. */
function ownTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { postTask?(callback: () => void): Promise<void> } };
  return scheduler?.postTask ? scheduler.postTask(() => undefined) : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Charts waiting to be drawn, in the order they asked. */
const waiting: (() => void)[] = [];

function drawWaiting(): void {
  const start = performance.now();
  try {
    do waiting.shift()?.();
    while (waiting.length > 0 && performance.now() - start < SLICE_MS);
  } finally {
    if (waiting.length > 0) void ownTask().then(drawWaiting);
  }
}

/**
 * Draws a chart in a task after the one that asked, with the charts asked for meanwhile, as many
 * as `SLICE_MS` allows, the rest in the tasks after. A screen that shows many charts at once (a
 * dashboard) mounts them in one commit: drawn as the chart code resolves, every chart was laid out
 * and painted in the same long task; drawn each in a task of its own, the browser laid out and
 * painted the page again after each (some 13 ms each on the demo dashboard's 20 charts).
 */
export function drawInTurn(draw: () => void): void {
  waiting.push(draw);
  if (waiting.length === 1) void ownTask().then(drawWaiting);
}
