import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The success criteria of WCAG 2.1 A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What a user is kept from (serious) or locked out by (critical); minor and moderate findings are reviewed, not failed. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One element an axe rule fails on a route. */
export interface Finding {
  route: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core on the page as the user sees it (injected once per document) and answers its
 * serious and critical findings. The pages the shell keeps alive are hidden (`display: none
 * !important`, as React's `<Activity mode="hidden">` hides them) and nothing of them is checked,
 * but axe-core still walks their elements: with eleven of them an audit took 508 ms against 233 ms
 * with them set aside. They are set aside while axe-core runs, each in its place, and put back.
 * `part` narrows the check to the elements of some selectors (`include`) or sets some aside
 * (`exclude`), as axe-core's context does; the whole document unless said.
 */
export async function audit(
  page: Page,
  route: string,
  part: { include?: string[]; exclude?: string[] } = {},
): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ tags, part }) => {
      const hidden = [...document.querySelectorAll<HTMLElement>('[style]')].filter(
        (element) =>
          element.style.getPropertyValue('display') === 'none' && element.style.getPropertyPriority('display') === 'important',
      );
      const aside = hidden.map((element) => {
        const place = document.createComment('hidden while checked');
        element.replaceWith(place);
        return { element, place };
      });
      try {
        const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: unknown[] }> } })
          .axe;
        const context = { include: part.include ?? [document], exclude: part.exclude ?? [] };
        return (await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
      } finally {
        for (const { element, place } of aside) place.replaceWith(element);
      }
    },
    { tags: WCAG_21_AA, part },
  );
  return (violations as AxeViolation[])
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        route,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.map(String).join(' > '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim(),
      })),
    );
}

/** The findings as a reader of a failed run wants them: one line per element. */
export const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.route}  ${f.rule} (${f.impact})  ${f.target}\n    ${f.summary}`).join('\n');

/** The serious and critical findings on the page as it is, one line per element ("rule: target"). */
export async function seriousFindings(page: Page): Promise<string[]> {
  return (await audit(page, '')).map((finding) => `${finding.rule}: ${finding.target}`);
}
