import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser';

/** The built Storybook (`storybook build -o dist/storybook`, which `npm test` runs before the browser tests). */
const STORYBOOK = process.env.STORYBOOK_DIR ?? 'dist/storybook';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

interface IndexEntry {
  id: string;
  title: string;
  name: string;
}

/** A label key shown as it is (`entities.customer.fields.name`, `common.save`): a label that did not load. */
const LABEL_KEY = /\b(?:common|entities|forms|pages|widgets|enums|routes|errors|dashboard)\.[A-Za-z]+(?:\.[A-Za-z]+)*\b/;

/**
 * Stories drawn first, each in a page of its own, as a developer opens one from Storybook's
 * sidebar or a link: its labels in its language (a form story's labels once came only from a story
 * opened before it) and its checks (play function) passed. The stories of every page schema share
 * one loader and frame, and those of every widget another, so a list and a form of the pages in
 * each language and a widget in each stand for all; `npm test` runs every story's checks in jsdom
 * (stories/*.test.tsx), where the labels are loaded beforehand.
 */
describe('Storybook, each story opened first', () => {
  let server: Server;
  let url: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const entries: IndexEntry[] = existsSync(join(STORYBOOK, 'index.json'))
    ? Object.values(
        (JSON.parse(readFileSync(join(STORYBOOK, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }).entries,
      )
    : [];
  const find = (prefix: string, name: string) =>
    entries.find((entry) => entry.title.startsWith(prefix) && entry.name === name.replace(/([A-Z])/g, ' $1').trim());
  // The page schemas' stories, a list and a form in each language; the widgets' (one frame for all), one in each.
  const chosen = [
    ...['ListZhDefault', 'FormEnDark', 'ListEnDefault', 'FormZhDefault'].map((name) => find('Pages/', name)),
    find('Widgets/', 'AlarmsZhDefault'),
    find('Widgets/', 'AlarmsEnDark'),
  ];

  beforeAll(async () => {
    if (!existsSync(join(STORYBOOK, 'iframe.html'))) throw new Error('build Storybook first (storybook build -o dist/storybook)');
    server = createServer((request, reply) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(STORYBOOK, path === '/' ? 'index.html' : path);
      if (!existsSync(file)) {
        reply.writeHead(404).end();
        return;
      }
      reply.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // Without a build the server was never made: nothing to wait for (a promise nobody settles held the run 2 minutes).
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  test('the index has each story chosen', () => {
    expect(chosen.every(Boolean)).toBe(true);
  });

  /** Where the story's render is: its checks run and done (`finished`), or failed (`errored`). */
  const phaseOf = (page: Page) =>
    page.evaluate(
      () =>
        (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__
          ?.currentRender?.phase ?? '',
    );

  test.each(chosen.flatMap((entry) => (entry ? [[entry.id, entry] as const] : [])))('%s', async (_id, entry) => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${url}/iframe.html?id=${entry.id}&viewMode=story`);
      await expect.poll(() => phaseOf(page), { timeout: 30_000 }).toMatch(/^(finished|errored|aborted)$/);
      expect(await phaseOf(page), `the story's checks: ${errors.join('; ')}`).toBe('finished');
      const shown = await page.locator('#storybook-root').innerText();
      expect(shown.match(LABEL_KEY)?.[0], 'a label key shown as it is').toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
