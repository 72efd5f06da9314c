import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, which the test setup installs when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * V8 without its optimising compilers (Maglev, TurboFan): the code runs on its interpreter and
 * baseline compiler. A test opens a screen once or twice, too briefly for optimised code to pay
 * for compiling it; in the route sweep, the compilers' threads took about a third of Chromium's
 * CPU time and the run took a fifth longer (see `docs/decisions.md`, The browser tests' V8).
 */
const BASELINE_JIT = '--js-flags=--no-opt --no-maglev';

/** A phone as the operators hold one: 390 × 844 CSS pixels, touch, a mobile browser's viewport. */
export const PHONE = { viewport: { width: 390, height: 844 }, touch: true } as const;

export interface LaunchOptions {
  /** Animations as the user's system has them (the benchmarks); tests ask for reduced motion. */
  motion?: boolean;
  /** The window's size; 1440 × 900 unless said. */
  viewport?: { width: number; height: number };
  /** A touch screen and a mobile browser's viewport (`hasTouch`, `isMobile`): taps, no hover. */
  touch?: boolean;
  /** V8's optimising compilers on, as in a user's browser (the benchmarks, whose figures are timings); off in tests. */
  optimise?: boolean;
}

/**
 * A headless Chromium with a fresh profile; `close()` removes the profile. Tests ask for reduced
 * motion (the platform then opens menus, dialogs and popups without animation, see
 * runtime/shell/themes.ts); the benchmarks measure the default, `motion: true`. `launchBrowser(PHONE)`
 * is an operator's phone.
 */
export async function launchBrowser({ motion = false, viewport, touch = false, optimise = false }: LaunchOptions = {}): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: optimise ? ARGS : [...ARGS, BASELINE_JIT],
    viewport: viewport ?? { width: 1440, height: 900 },
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
    reducedMotion: motion ? 'no-preference' : 'reduce',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `address` inside the running app, as a click on one of its links does: no reload, so the
 * app's code, session and language stay as they are (a reload boots the whole app again, about a
 * second of the browser's work a screen).
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/**
 * Waits until the page's finite animations have ended: a click on a popup or a dialog that is
 * still sliding or zooming in is lost now and then (Ant Design's menus and modals), as a user's
 * would not be, who does not click within a tenth of a second of an opening.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Waits until the page has drawn two frames: what its last change set off at the next layout (a
 * resize observer's callback, a scrolling box it made focusable) has been drawn too. On a busy
 * machine that can come a few hundred milliseconds after the page went quiet.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  );
}

/** Clicks `target` once the page has settled (see `settled`): how every browser test clicks. */
export async function tap(target: Locator): Promise<void> {
  await settled(target.page());
  await target.click();
}

/**
 * Waits for the app's message notice (Ant Design's `message`, such as 'Saved') that says exactly
 * `text`: a page text containing the word (a widget's 'Standard coal saved') is not the notice.
 */
export async function notice(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor();
}

/** Waits until the dashboard shows widgets and every one of them shows its data: none is still loading. */
export async function widgetsShowing(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.dashboard-grid-item').length > 0 &&
      document.querySelectorAll('.dashboard-grid-item [aria-label="Loading"], .dashboard-grid-item .ant-spin-spinning').length ===
        0,
    undefined,
    { timeout, polling: 50 },
  );
}

/**
 * Taps the dashboard toolbar's button `name` (in English), as a user would find it: on a phone the
 * toolbar folds its less used part, Edit and History among it, under More, which is tapped first.
 */
export async function tapDashboardAction(page: Page, name: string): Promise<void> {
  // A button's name starts with its icon's ('ellipsis More').
  await page
    .getByRole('button', { name: new RegExp(`\\b(${name}|More)$`) })
    .first()
    .waitFor();
  const more = page.getByRole('button', { name: /\bMore$/ });
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) !== 'true') await tap(more);
  await tap(page.getByRole('button', { name: new RegExp(`\\b${name}$`) }));
}

/** Fills the sign-in form (in English) on `page` with a user's name and password and sends it. */
export async function signInAs(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login?lng=en`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await tap(page.getByRole('button', { name: 'Sign in' }));
}

/** The screen the demo administrator lands on after signing in. */
export const ADMIN_LANDING = '/main/appliance/customer';

/** Signs the demo administrator in on `page` (in English) and waits for the screen they land on. */
export async function signInAsAdmin(page: Page, url: string): Promise<void> {
  await signInAs(page, url, 'admin', 'admin123');
  await page.waitForURL(`**${ADMIN_LANDING}`);
}
