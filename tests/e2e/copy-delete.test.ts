/**
 * Delete after a paste or a duplicate, in Debian's Chromium: the copies are what is
 * selected, so Delete removes them and leaves the original and its wires. (Delete once
 * preferred the focused tool, and the focus stayed on the original.)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium } from "./browser";
import { openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const [AB, BC] = ["w_a_output_b_input", "w_b_output_c_input"] as const;
const WIRES = [AB, BC];

/** a → b → c, wired; the middle tool is the one copied. */
async function chain() {
  // The tools have no data: the Server's checks of them answer 400.
  const opened = await openDesigner(browser, server.openUrl, { expectedStatuses: [400] });
  await opened.page.evaluate((wires) => {
    const editor = window.__weft?.editor;
    if (!editor) throw new Error("no test hook");
    const at = (x: number) => ({ x, y: 60 });
    editor.load({
      meta: { workflow_id: "wf-copy-delete", name: "Copy and delete" },
      tools: [
        { id: "a", type: "select", config: {}, position: at(40) },
        { id: "b", type: "sort", config: {}, position: at(340) },
        { id: "c", type: "sample", config: {}, position: at(640) },
      ],
      wires: [
        { id: wires[0] as string, source: "a", source_socket: "output", target: "b", target_socket: "input" },
        { id: wires[1] as string, source: "b", source_socket: "output", target: "c", target_socket: "input" },
      ],
    });
  }, WIRES);
  await opened.page.getByTestId("tool-b").waitFor();
  return opened;
}

const toolIds = (page: Page) => page.evaluate(() => window.__weft?.editor.state.doc.tools.map((t) => t.id));
const wireIds = (page: Page) => page.evaluate(() => window.__weft?.editor.state.doc.wires.map((w) => w.id));
const focusedTool = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(".tool-node")?.dataset.tool);

describe.skipIf(!hasChromium)("Delete after a paste or a duplicate", () => {
  for (const [name, keys] of [
    ["Ctrl+C, Ctrl+V", ["Control+c", "Control+v"]],
    ["Ctrl+D", ["Control+d"]],
  ] as const) {
    test(`${name} then Delete removes the copy; the original keeps its wires`, async () => {
      const { context, page, problems } = await chain();
      // A click selects the tool and gives it the keyboard focus.
      await page.getByTestId("tool-b").click();
      expect(await focusedTool(page)).toBe("b");
      for (const key of keys) await page.keyboard.press(key);
      await page.waitForFunction(() => window.__weft?.editor.state.doc.tools.length === 4);
      expect(await page.evaluate(() => window.__weft?.editor.state.selection)).toEqual(["sort_1"]);
      await page.keyboard.press("Delete");
      expect(await toolIds(page)).toEqual(["a", "b", "c"]);
      expect(await wireIds(page)).toEqual(WIRES);
      expect(problems.list).toEqual([]);
      await context.close();
    }, 60_000);
  }

  test("Delete removes the selection, not a tool that only has the focus", async () => {
    const { context, page, problems } = await chain();
    await page.getByTestId("tool-b").click();
    // The selection changes without a click (as a paste or an undo changes it): the focus was on b.
    await page.evaluate(() => window.__weft?.editor.select(["c"]));
    await page.keyboard.press("Delete");
    expect(await toolIds(page)).toEqual(["a", "b"]);
    expect(await wireIds(page)).toEqual([AB]);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
