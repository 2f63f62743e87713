import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium (.ci/run installs it); no browser is ever downloaded. */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const screenshotDir = join(import.meta.dir, "screenshots");

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}

/** Console errors and uncaught exceptions of a page, as text. */
export interface PageProblems {
  list: string[];
}

/**
 * A fresh context (own storage, downloads accepted) and page at 1280x800, recording its
 * console errors and uncaught exceptions. Failed requests the test provokes on purpose (a
 * 400 from a bad expression) are logged by Chromium as "Failed to load resource": pass
 * `expectedStatuses` to leave those out.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; scale?: number; expectedStatuses?: number[] } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    deviceScaleFactor: options.scale ?? 1,
    acceptDownloads: true,
  });
  // Long enough for a Server on a slow CI machine, short enough that a missing element fails fast.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems: PageProblems = { list: [] };
  const expected = options.expectedStatuses ?? [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (expected.some((status) => text.includes(`status of ${status}`))) return;
    problems.list.push(`console: ${text}`);
  });
  page.on("pageerror", (err) => problems.list.push(`exception: ${err.message}`));
  return { context, page, problems };
}

/** Saves a full-page screenshot as tests/e2e/screenshots/<name>.png (a CI artifact, git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Records, from navigation start, when the first palette item appears (the page is usable):
 * read it with `readTimeToInteractive` after the page loaded.
 */
export async function watchTimeToInteractive(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __weftTti?: number };
    const seen = () => document.querySelector('[data-testid^="palette-item-"]') !== null;
    const observer = new MutationObserver(() => {
      if (w.__weftTti === undefined && seen()) {
        w.__weftTti = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

export async function readTimeToInteractive(page: Page): Promise<number | undefined> {
  await page.waitForSelector('[data-testid^="palette-item-"]', { timeout: 10_000 });
  return page.evaluate(() => (window as unknown as { __weftTti?: number }).__weftTti);
}

/**
 * Waits until the page has drawn `count` more frames: what it had scheduled for the next
 * frame (a fit of the view, a paint of the wires) has run, however long frames take here.
 */
export async function afterFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
        next(count);
      }),
    count,
  );
}

/** Runs one step of a test; a failure names the step (a timeout alone does not say which wait). */
export async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}`, { cause: err });
  }
}
