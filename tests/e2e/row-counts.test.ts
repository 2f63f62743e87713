/**
 * Row counts in Debian's Chromium against a real Server: before a run a tool's badge says
 * what its preview knows ("100+ rows"); after a run every badge, every wire (the rows of its
 * source socket, a Filter's True and False apart) and the Run tab's table show the exact
 * counts; an edit clears the counts of the wires downstream of it and keeps the others.
 *
 *   [in: 50,000 rows] → [keep: n < 33181] ─True──→ [kept kept.csv]
 *                                └──False─→ [rest rest.csv]
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, hasChromium, launchChromium, screenshot } from "./browser";
import { steps, waitForStatus } from "./person";
import { openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

const ROWS = 50_000;
const KEPT = 33_181;

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  const body = Array.from({ length: ROWS }, (_, i) => `${i},region ${i % 7}`).join("\n");
  writeFileSync(join(server.files, "numbers.csv"), `n,region\n${body}\n`);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test.skipIf(!hasChromium)(
  "after a run, badges, wires and the Run tab show each tool's exact rows; an edit clears those downstream",
  async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    const text = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
    /** The Run tab's Rows cell (the 4th) of a tool's row. */
    const runRows = (id: string) => page.getByTestId(`run-tool-${id}`).locator("td").nth(3).textContent();
    await steps([
      [
        "load the workflow: the previews say 100+ rows, no wire has a count",
        async () => {
          await page.evaluate(
            ({ source, kept, rest, value }) => {
              const editor = window.__weft?.editor;
              if (!editor) throw new Error("no test hook");
              const wire = (source: string, source_socket: string, target: string) => ({
                id: `w_${source}_${target}`,
                source,
                source_socket,
                target,
                target_socket: "input",
              });
              editor.load({
                meta: { workflow_id: "wf-row-counts", name: "Row counts" },
                tools: [
                  { id: "in", type: "input", config: { source }, position: { x: 40, y: 80 } },
                  {
                    id: "keep",
                    type: "filter",
                    config: { mode: "basic", column: "n", operator: "<", value },
                    position: { x: 300, y: 80 },
                  },
                  { id: "kept", type: "output", config: { path: kept }, position: { x: 560, y: 20 } },
                  { id: "rest", type: "output", config: { path: rest }, position: { x: 560, y: 180 } },
                ],
                wires: [
                  wire("in", "output", "keep"),
                  wire("keep", "output-true", "kept"),
                  wire("keep", "output-false", "rest"),
                ],
              });
            },
            {
              source: join(server.files, "numbers.csv"),
              kept: join(server.files, "kept.csv"),
              rest: join(server.files, "rest.csv"),
              value: KEPT,
            },
          );
          for (const id of ["in", "keep", "kept", "rest"]) await waitForStatus(page, id, "ok", 60_000);
          expect(await text("tool-status-in")).toContain("100+ rows");
          expect(await page.locator(".wire-rows").count()).toBe(0);
        },
      ],
      [
        "run: the exact rows on each badge, each wire and in the Run tab",
        async () => {
          await page.getByTestId("toolbar-run").click();
          await page.getByTestId("run-tool-keep").waitFor({ timeout: 60_000 });
          expect(await text("tool-status-in")).toContain("50,000 rows");
          expect(await text("tool-status-keep")).toContain("33,181 rows");
          expect(await text("tool-status-kept")).toContain("33,181 rows");
          expect(await text("tool-status-rest")).toContain("16,819 rows");
          expect(await text("wire-rows-w_in_keep")).toBe("50,000");
          expect(await text("wire-rows-w_keep_kept")).toBe("33,181");
          expect(await text("wire-rows-w_keep_rest")).toBe("16,819");
          // The wire's button (keyboard, screen readers) says it too.
          expect(await text("wire-w_keep_rest")).toContain("16,819 rows");
          expect(await runRows("in")).toBe("50,000");
          expect(await runRows("keep")).toBe("33,181");
          expect(await runRows("kept")).toBe("33,181");
          expect(await runRows("rest")).toBe("16,819");
          await screenshot(page, "row-counts-after-run");
        },
      ],
      [
        "edit the Filter: its wires' counts go, the Input's stays",
        async () => {
          await page.evaluate(() =>
            window.__weft?.editor.setConfig("keep", { mode: "basic", column: "n", operator: "<", value: 10 }),
          );
          await page.getByTestId("wire-rows-w_keep_kept").waitFor({ state: "detached" });
          expect(await page.getByTestId("wire-rows-w_keep_rest").count()).toBe(0);
          expect(await text("wire-rows-w_in_keep")).toBe("50,000");
          // The Filter's badge no longer claims the run's count once its new preview is in.
          await page
            .locator('[data-testid="tool-status-keep"][data-state="ok"]')
            .filter({ hasNotText: "33,181" })
            .waitFor({ timeout: 60_000 });
        },
      ],
    ]);
    expect(problems.list).toEqual([]);
    await context.close();
  },
  180_000,
);

test.skipIf(!hasChromium)(
  "a summary the run streamed into a sort shows its rows on its badge, its wire and in the Run tab",
  async () => {
    // [in] → [sum by region] → [sorted] → [out], the cache off (with it on, the previews
    // would have stored the summary): the run keeps only the sort, in a file of its own, and
    // the summary's 7 rows come from the Output's, through the sort.
    const uncached = await startE2eServer({ CACHE_ENABLED: "false" });
    writeFileSync(join(uncached.files, "numbers.csv"), readFileSync(join(server.files, "numbers.csv")));
    try {
      const { context, page, problems } = await openDesigner(browser, uncached.openUrl);
      const text = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
      await page.evaluate(
        ({ source, out }) => {
          const editor = window.__weft?.editor;
          if (!editor) throw new Error("no test hook");
          const wire = (source: string, target: string) => ({
            id: `w_${source}_${target}`,
            source,
            source_socket: "output",
            target,
            target_socket: "input",
          });
          editor.load({
            meta: { workflow_id: "wf-row-counts-summary", name: "Summary counts" },
            tools: [
              { id: "in", type: "input", config: { source }, position: { x: 40, y: 80 } },
              {
                id: "sum",
                type: "summarize",
                config: { group_by: ["region"], aggregations: [{ column: "n", function: "sum" }] },
                position: { x: 260, y: 80 },
              },
              { id: "sorted", type: "sort", config: { by: [{ column: "n_sum" }] }, position: { x: 480, y: 80 } },
              { id: "out", type: "output", config: { path: out }, position: { x: 700, y: 80 } },
            ],
            wires: [wire("in", "sum"), wire("sum", "sorted"), wire("sorted", "out")],
          });
        },
        { source: join(uncached.files, "numbers.csv"), out: join(uncached.files, "regions.csv") },
      );
      for (const id of ["in", "sum", "sorted", "out"]) await waitForStatus(page, id, "ok", 60_000);
      await page.getByTestId("toolbar-run").click();
      await page.getByTestId("wire-rows-w_sum_sorted").waitFor({ timeout: 60_000 });
      expect(await text("tool-status-sum")).toContain("7 rows");
      expect(await text("wire-rows-w_sum_sorted")).toBe("7");
      expect(await text("wire-rows-w_in_sum")).toBe("50,000");
      expect(await page.getByTestId("run-tool-sum").locator("td").nth(3).textContent()).toBe("7");
      expect(problems.list).toEqual([]);
      await context.close();
    } finally {
      await uncached.stop();
    }
  },
  180_000,
);
