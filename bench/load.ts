import autocannon from 'autocannon';

/** Concurrent connections of a load run, and its length after a 2 s warm-up. */
export const CONNECTIONS = 50;
export const DURATION_S = 10;

export interface LoadResult {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * The same POST under load (autocannon, in this process), its connections shared out among
 * `urls` in turn (a round-robin in front of several nodes): requests per second summed, the
 * slowest node's percentiles. A short warm-up first.
 */
export async function load(urls: string[], headers: Record<string, string>, body: string): Promise<LoadResult> {
  const run = (duration: number) =>
    Promise.all(
      urls.map((url) => autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS / urls.length, duration })),
    );
  await run(2);
  const results = await run(DURATION_S);
  return {
    requests: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
