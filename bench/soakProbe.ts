/**
 * Loaded into the server process by the soak (`node --expose-gc --import tsx --import
 * bench/soakProbe.ts server/main.ts`). When the soak asks over the IPC channel, it forces a full
 * garbage collection and answers the process's uptime and memory afterwards, so the soak sees
 * what the heap keeps, not what a collection has not reached yet. It imports nothing of the
 * platform, so it serves a checkout of an earlier commit as well.
 */

/** What the probe answers after each forced collection. */
export interface ProbeReport {
  uptimeS: number;
  heapUsedMb: number;
  rssMb: number;
}

const collect = globalThis.gc;
if (!collect) throw new Error('the soak probe needs node --expose-gc');
if (!process.send) throw new Error('the soak probe needs an IPC channel to the soak');
process.on('message', (message) => {
  if (message !== 'gc') return;
  collect();
  const memory = process.memoryUsage();
  const report: ProbeReport = {
    uptimeS: process.uptime(),
    heapUsedMb: memory.heapUsed / 2 ** 20,
    rssMb: memory.rss / 2 ** 20,
  };
  process.send?.(report);
});
