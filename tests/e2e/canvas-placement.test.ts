/**
 * Smaller designer faults (issue 13, item 12), in Debian's Chromium against a real Server:
 * a Join's panel counts the columns its Schema tab lists (the matched rows' columns, not the
 * left rest's); a tool added from the palette with a tool selected lands beside it, on free
 * space, wired to it; Fit on a long chain stops at a zoom where labels still read.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { writeCsv } from "../helpers/workflows";
import { CHROMIUM, hasChromium, launchChromium } from "./browser";
import { selectTool, waitForStatus } from "./person";
import { docOf, openDesigner } from "./test-hook";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

/** The least zoom Fit goes to (web/src/canvas/viewport.ts FIT_MIN_ZOOM). */
const FIT_MIN_ZOOM = 0.75;
const NODE_W = 184;

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  // Left: 7 columns; right: 6, of which `id` is the key and `name`, `city` clash with the left.
  writeCsv(
    join(server.files, "left.csv"),
    ["id", "name", "city", "a1", "a2", "a3", "a4"],
    [
      [1, "x", "p", 1, 2, 3, 4],
      [2, "y", "q", 5, 6, 7, 8],
    ],
  );
  writeCsv(
    join(server.files, "right.csv"),
    ["id", "name", "city", "b1", "b2", "b3"],
    [
      [1, "x", "p", 9, 9, 9],
      [3, "z", "r", 0, 0, 0],
    ],
  );
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The canvas's zoom, read from the world layer's transform. */
const zoomOf = (page: Page) =>
  page.evaluate(() => {
    const transform = (document.querySelector(".canvas-world") as HTMLElement).style.transform;
    return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
  });

describe.skipIf(!hasChromium)("placement, fit and the Join's column count", () => {
  test("a Join's panel counts the columns its Schema tab lists", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    await page.evaluate(
      ({ left, right }) => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        editor.addTool("input", { x: 40, y: 40 }, { source: left });
        editor.addTool("input", { x: 40, y: 200 }, { source: right });
        editor.addTool("join", { x: 320, y: 100 }, { how: "inner", left_on: ["id"], right_on: ["id"] });
        editor.connect({ source: "input_1", source_socket: "output", target: "join_1", target_socket: "input-left" });
        editor.connect({ source: "input_2", source_socket: "output", target: "join_1", target_socket: "input-right" });
      },
      { left: join(server.files, "left.csv"), right: join(server.files, "right.csv") },
    );
    await waitForStatus(page, "join_1", "ok", 60_000);
    const panel = await selectTool(page, "join_1");
    const verdict = panel.getByTestId("config-status").locator(".ok-text");
    await verdict.waitFor({ timeout: 30_000 });
    const said = Number(/(\d+) columns? out/.exec((await verdict.textContent()) ?? "")?.[1]);
    await page.getByTestId("results-tab-schema").click();
    const listed = await page.getByTestId("schema-view").locator("tbody tr").count();
    // 7 left columns and the right's 5 besides its key (the clashing two suffixed).
    expect(listed).toBe(12);
    expect(said).toBe(listed);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 90_000);

  test("a palette double-click with a tool selected lands beside it, overlapping nothing, wired to it", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    await page.evaluate(
      (left) => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        // A tool right of the Input, where a new tool beside it would first go.
        editor.addTool("input", { x: 40, y: 80 }, { source: left });
        editor.addTool("sort", { x: 40 + 184 + 72, y: 80 }, { by: [{ column: "id" }] });
        editor.select(["input_1"]);
      },
      join(server.files, "left.csv"),
    );
    await page.getByTestId("palette-item-filter").dblclick();
    await page.getByTestId("tool-filter_1").waitFor();
    const doc = await docOf(page);
    const tools = doc?.tools ?? [];
    const added = tools.find((t) => t.id === "filter_1");
    const input = tools.find((t) => t.id === "input_1");
    if (!added || !input) throw new Error("tools missing");
    // Right of the Input, not on it or on the Sort: no two nodes' boxes overlap on screen.
    expect(added.position.x).toBeGreaterThan(input.position.x + NODE_W);
    const boxes = await Promise.all(tools.map((t) => page.getByTestId(`tool-${t.id}`).boundingBox()));
    const overlapping: string[] = [];
    boxes.forEach((a, i) => {
      boxes.slice(i + 1).forEach((b, j) => {
        if (!a || !b) throw new Error("a tool is not on screen");
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
          overlapping.push(`${tools[i]?.id} and ${tools[i + 1 + j]?.id}`);
      });
    });
    expect(overlapping).toEqual([]);
    // The Input's one output had no wire and the Filter has one input: they are wired.
    expect(doc?.wires.map((w) => `${w.source}:${w.source_socket} -> ${w.target}:${w.target_socket}`)).toEqual([
      "input_1:output -> filter_1:input",
    ]);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("Fit on an 8-tool chain keeps a readable zoom, and the chain's start in view", async () => {
    const { context, page, problems } = await openDesigner(browser, server.openUrl);
    await page.evaluate(
      ({ left, out }) => {
        const editor = window.__weft?.editor;
        if (!editor) throw new Error("no test hook");
        const ids = [editor.addTool("input", { x: 40, y: 80 }, { source: left })];
        for (let i = 1; i < 7; i++)
          ids.push(editor.addTool("sample", { x: 40 + i * 300, y: 80 }, { method: "first", n: 10 - i }));
        ids.push(editor.addTool("output", { x: 40 + 7 * 300, y: 80 }, { path: out }));
        for (let i = 1; i < ids.length; i++) {
          const [source, target] = [ids[i - 1] as string, ids[i] as string];
          editor.connect({ source, source_socket: "output", target, target_socket: "input" });
        }
      },
      { left: join(server.files, "left.csv"), out: join(server.files, "chain.csv") },
    );
    await page.getByTestId("canvas-zoom-reset").click();
    await page.getByTestId("canvas-fit").click();
    expect(await zoomOf(page)).toBeGreaterThanOrEqual(FIT_MIN_ZOOM);
    // The chain starts in view; its end is further right, reached by panning.
    const canvas = await page.getByTestId("canvas").boundingBox();
    const first = await page.getByTestId("tool-input_1").boundingBox();
    const last = await page.getByTestId("tool-output_1").boundingBox();
    if (!canvas || !first || !last) throw new Error("no boxes");
    expect(first.x).toBeGreaterThanOrEqual(canvas.x);
    expect(first.x + first.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(last.x + last.width).toBeGreaterThan(canvas.x + canvas.width);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
