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

  test("the grid shows 274.379, with the exact value as the cell's title and on the clipboard", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(
      (source) => window.__weft?.editor.addTool("input", { x: 60, y: 80 }, { source }),
      join(server.files, "prices.csv"),
    );
    const grid = page.getByTestId("results-pane").getByTestId("preview-grid");
    await grid.waitFor();
    // Row 1 (aria-rowindex 2), the price column (aria-colindex 3: the row numbers come first).
    const cell = (row: number, col: number) =>
      grid.locator(`tr[aria-rowindex="${row + 2}"] td[aria-colindex="${col + 2}"]`);
    const lamp = cell(0, 1);
    await lamp.waitFor();
    expect(await lamp.textContent()).toBe("274.379");
    expect(await lamp.getAttribute("title")).toBe("274.37899999999996");
    expect(await cell(1, 1).textContent()).toBe("0.3");
    expect(await cell(1, 1).getAttribute("title")).toBe("0.30000000000000004");
    // What needs no rounding shows as it is, without a tooltip.
    expect(await cell(2, 1).textContent()).toBe("12.5");
    expect(await cell(2, 1).getAttribute("title")).toBeNull();
    await screenshot(page, "preview-grid-floats");

    // Copying one cell gives its exact value. A click puts the focus in the grid, as a person's does.
    await lamp.click();
    await lamp.selectText();
    await page.keyboard.press("Control+c");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("274.37899999999996");

    // Copying the first two rows: exact values, tab between cells, a line per row, null empty.
    await page.evaluate(
      ({ from, to }) => {
        const range = document.createRange();
        range.setStartBefore(document.querySelector(from) as Node);
        range.setEndAfter(document.querySelector(to) as Node);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      },
      { from: 'tr[aria-rowindex="2"] td[aria-colindex="2"]', to: 'tr[aria-rowindex="3"] td[aria-colindex="4"]' },
    );
    await page.keyboard.press("Control+c");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "lamp\t274.37899999999996\t3\ndesk\t0.30000000000000004\t",
    );
    expect(problems.list).toEqual([]);
    await context.close();
  }, 30_000);
});
