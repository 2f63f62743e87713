/**
 * Tools not set up yet, in Debian's Chromium: a fresh tool is "needs setup" (not an error),
 * says what to set, and costs no request the Server would refuse (no 400 in the console); a
 * Run names the tool that needs setup before sending anything; a bad expression reads as
 * words for a person. (Fresh tools once showed a red "! error" with zod's and the parser's
 * wording, and each check was a 400.)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { TOOLS } from "../../web/src/model/tools";
import { CHROMIUM, hasChromium, launchChromium, screenshot } from "./browser";
import { dragFromPalette, waitForStatus } from "./person";
import { openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;
let csv: string;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  csv = join(server.files, "sales.csv");
  writeFileSync(csv, "region,amount\nnorth,10\nsouth,20\n");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The workflow routes' requests the page sends (URL path and the tool ids of the workflow sent). */
function recordWorkflowRequests(page: Page): { path: string; tools: string[] }[] {
  const sent: { path: string; tools: string[] }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() !== "POST" || !url.pathname.startsWith("/api/workflow/")) return;
    const body = request.postDataJSON() as { workflow?: { tools?: { id: string }[] } } | null;
    sent.push({ path: url.pathname, tools: (body?.workflow?.tools ?? []).map((t) => t.id) });
  });
  return sent;
}

/** Input (the CSV) → a fresh tool of `type` (from its `socket`) → Output, through the test hook; then selects `selected`. */
async function inputToolOutput(page: Page, type: string, socket: string, selected: string[]) {
  await page.evaluate(
    ({ source, type, socket, selected }) => {
      const editor = window.__weft?.editor;
      if (!editor) throw new Error("no test hook");
      editor.addTool("input", { x: 40, y: 80 }, { source });
      const id = editor.addTool(type, { x: 300, y: 80 });
      editor.addTool("output", { x: 560, y: 80 }, { path: `${source}.${type}.csv` });
      editor.connect({ source: "input_1", source_socket: "output", target: id, target_socket: "input" });
      editor.connect({ source: id, source_socket: socket, target: "output_1", target_socket: "input" });
      editor.select(selected);
    },
    { source: csv, type, socket, selected },
  );
}

const badge = (page: Page, id: string) => page.getByTestId(`tool-status-${id}`);

describe.skipIf(!hasChromium)("tools that need setup", () => {
  test("each kind of tool dropped fresh says 'needs setup' and what to set, and asks the Server nothing", async () => {
    // No expected statuses: any 400 logged in the console fails the test.
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    const sent = recordWorkflowRequests(page);
    const dropped: string[] = [];
    for (const [i, def] of TOOLS.entries()) {
      await dragFromPalette(page, def.type, { x: 120 + (i % 4) * 200, y: 90 + Math.floor(i / 4) * 110 });
      const id = `${def.type}_1`;
      dropped.push(id);
      await page.getByTestId(`tool-${id}`).waitFor();
      // Dropped, it is selected: the panel says what to set.
      const setup = page.getByTestId("config-panel").getByTestId("config-setup");
      await setup.waitFor();
      const need = def.inputs.length > 0 ? "Connect a tool to its" : "Choose a file to read";
      expect(await setup.textContent()).toContain(`Needs setup: ${need}`);
      expect(await badge(page, id).getAttribute("data-state")).toBe("setup");
      expect(await badge(page, id).textContent()).toContain("needs setup");
      expect(await badge(page, id).getAttribute("title")).toStartWith(`Needs setup: ${need}`);
    }
    // A tool set up after them is checked and previewed: the requests for the tools dropped
    // before (their checks wait less than this one's) would have been sent by then.
    await page.evaluate((source) => window.__weft?.editor.addTool("input", { x: 40, y: 520 }, { source }), csv);
    await waitForStatus(page, "input_2", "ok");
    await page.getByTestId("config-status").getByText("Config accepted").waitFor();
    expect(sent.map((r) => r.path)).toContain("/api/workflow/preview_all");
    expect(sent.filter((r) => r.tools.some((id) => dropped.includes(id)))).toEqual([]);
    for (const id of dropped) expect(await badge(page, id).getAttribute("data-state")).toBe("setup");
    await page.evaluate(() => window.__weft?.editor.select(["filter_1"]));
    await screenshot(page, "needs-setup-fresh-tools");
    expect(problems.list).toEqual([]);
    await context.close();
  }, 120_000);

  test("a wired tool says which setting it needs; a tool after it waits without an error", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    await inputToolOutput(page, "filter", "output-true", ["filter_1"]);
    await waitForStatus(page, "input_1", "ok");
    const setup = page.getByTestId("config-setup");
    expect(await setup.textContent()).toBe("Needs setup: Write the condition rows must meet.");
    expect(await badge(page, "filter_1").getAttribute("data-state")).toBe("setup");
    // The Output after it has not run: no badge, no error.
    expect(await badge(page, "output_1").count()).toBe(0);
    await page.evaluate(() => window.__weft?.editor.select(["output_1"]));
    expect(await page.getByTestId("config-setup").textContent()).toContain(
      "Waits for filter_1 upstream, which needs setup: Write the condition rows must meet.",
    );
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("a Run with a tool that needs setup names the tool and what to set, and sends nothing", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    const sent = recordWorkflowRequests(page);
    await inputToolOutput(page, "sort", "output", []);
    await waitForStatus(page, "input_1", "ok");
    await page.getByTestId("toolbar-run").click();
    const error = page.getByTestId("run-error");
    await error.waitFor();
    const text = await error.textContent();
    expect(text).toContain("Not run: Sort sort_1 needs setup");
    expect(text).toContain("Choose a column to sort by");
    expect(text).not.toContain("HTTP");
    await screenshot(page, "needs-setup-run");
    expect(await page.getByTestId("toolbar-message").textContent()).toContain(
      "Sort (sort_1) needs setup: Choose a column to sort by",
    );
    // It is selected, so its panel is at hand.
    expect(await page.evaluate(() => window.__weft?.editor.state.selection)).toEqual(["sort_1"]);
    expect(sent.map((r) => r.path)).not.toContain("/api/workflow/execute");
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("a bad expression is told in words, under the field and on the badge", async () => {
    // The expression is checked by the Server: its refusal is a 400.
    const { context, page, problems } = await openDesigner(browser, server.openUrl, { expectedStatuses: [400] });
    await page.evaluate((source) => {
      const editor = window.__weft?.editor;
      if (!editor) throw new Error("no test hook");
      editor.addTool("input", { x: 40, y: 80 }, { source });
      editor.addTool("filter", { x: 300, y: 80 }, { mode: "expression", expression: 'pl.col("amount") >' });
      editor.connect({ source: "input_1", source_socket: "output", target: "filter_1", target_socket: "input" });
    }, csv);
    const said = "the expression is incomplete: a value is missing at its end (at column 19)";
    await page.locator("#cfg-filter_1-expression-error").getByText(said).waitFor();
    await waitForStatus(page, "filter_1", "error");
    expect(await badge(page, "filter_1").getAttribute("title")).toBe(`Error: expression: ${said}`);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
