import type { Locator, Page } from 'playwright-core';

/** What, under `root`, runs past the window's right edge or scrolls sideways: a line per element. */
const offendersUnder = (root: Element): string[] => {
  const width = window.innerWidth;
  const found: string[] = [];
  const page = document.scrollingElement;
  if (root === document.body && page && page.scrollWidth > width)
    found.push(`the page scrolls sideways: ${page.scrollWidth} > ${width}`);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
    if (box.right <= width + 0.5 && !scrolls) continue;
    const name = `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''}`;
    const text = (element.textContent ?? '').trim().slice(0, 40);
    found.push(
      scrolls
        ? `${name} scrolls sideways (${element.scrollWidth} in ${element.clientWidth}): "${text}"`
        : `${name} ends at ${Math.round(box.right)} > ${width}: "${text}"`,
    );
  }
  return found;
};

/**
 * What on the page (or under `scope`) a user would have to pan to: an element whose right edge is
 * past the window's, or one that scrolls sideways (a table in a box narrower than it), and the page
 * itself scrolling sideways. Empty when everything fits the width.
 */
export async function sideways(page: Page, scope?: Locator): Promise<string[]> {
  return (scope ?? page.locator('body')).evaluate(offendersUnder);
}
