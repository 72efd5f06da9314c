import { execFileSync } from 'node:child_process';

/** The `## heading` section of some Markdown, up to the next section of that level; undefined when absent. */
export function sectionOf(markdown: string, heading: string): string | undefined {
  const start = markdown.search(new RegExp(`^## ${heading}$`, 'm'));
  if (start === -1) return undefined;
  const next = markdown.slice(start + 3).search(/^## /m);
  return next === -1 ? markdown.slice(start) : markdown.slice(start, start + 3 + next);
}

/**
 * The Markdown with its `## heading` section replaced by `section`, or `section` added at its
 * end: `npm run bench` and `npm run soak` each write their own sections of docs/benchmarks.md.
 */
export function replaceSection(markdown: string, heading: string, section: string): string {
  const old = sectionOf(markdown, heading);
  const body = `${section.trimEnd()}\n`;
  return old === undefined ? `${markdown.trimEnd()}\n\n${body}` : markdown.replace(old, () => `${body}\n`).trimEnd() + '\n';
}

/** A checkout named by its commit, and whether its work tree differs from it. */
export function checkoutOf(dir: string): string {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const changed = execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).trim() ? ' with changes' : '';
  return `${commit}${changed}`;
}

/** A line of the bench's progress on standard output. */
export const log = (message: string) => process.stdout.write(`${message}\n`);
/** The median of some timings. */
export const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** A count with thousands separators. */
export const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
/** Milliseconds as a table shows them: two decimals under 10. */
export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
/** How long some work took, in milliseconds, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}
