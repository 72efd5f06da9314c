import type { Reporter, TestModule } from 'vitest/node';

/** Files shorter than this are left out of the list (they fill in between the long ones). */
const LISTED_FROM_S = 20;
/** The width of a step of the concurrency line. */
const STEP_S = 30;
/** Runs shorter than this print nothing (a file or two run by hand). */
const PRINTED_FROM_S = 120;

/**
 * After a run, when its longer test files ran (seconds from the run's start) and how many files
 * ran at once, step by step: where the workers waited for a file running alone, or a core was idle
 * beside the checks and builds of `test:beside`. The suite's time is a budget; the files' own
 * durations, which the default reporter prints, do not say when they ran.
 */
export default class TimelineReporter implements Reporter {
  private start = performance.now();
  private readonly spans = new Map<string, { from: number; to?: number }>();

  onTestRunStart(): void {
    this.start = performance.now();
    this.spans.clear();
  }

  onTestModuleStart(module: TestModule): void {
    this.spans.set(module.relativeModuleId, { from: this.seconds() });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.relativeModuleId);
    if (span) span.to = this.seconds();
  }

  onTestRunEnd(): void {
    const end = this.seconds();
    if (end < PRINTED_FROM_S) return;
    const spans = [...this.spans].map(([file, span]) => ({ file, from: span.from, to: span.to ?? end }));
    const lines = spans
      .filter((span) => span.to - span.from >= LISTED_FROM_S)
      .sort((a, b) => a.from - b.from)
      .map((span) => `  ${fixed(span.from)}–${fixed(span.to)} s  ${span.file}`);
    const steps: string[] = [];
    for (let from = 0; from < end; from += STEP_S) {
      const to = Math.min(from + STEP_S, end);
      const running = spans.reduce((sum, span) => sum + Math.max(0, Math.min(span.to, to) - Math.max(span.from, from)), 0);
      steps.push((running / (to - from)).toFixed(1));
    }
    console.log(
      [
        `When the files of ${LISTED_FROM_S} s or more ran (seconds from the start of the run):`,
        ...lines,
        `Files running at once, the mean of each ${STEP_S} s: ${steps.join(' ')}`,
      ].join('\n'),
    );
  }

  private seconds(): number {
    return (performance.now() - this.start) / 1000;
  }
}

const fixed = (seconds: number) => seconds.toFixed(0).padStart(4);
