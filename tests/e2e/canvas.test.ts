/**
 * The canvas's wires in Debian's Chromium: painted where they run (a screen-sized bitmap,
 * web/src/canvas/wires.tsx), following pans and zooms, picked by a click or from the
 * keyboard, highlighted under the pointer, deleted. The workflow is built through the test
 * hook (`?e2e=1`), so positions are known.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { afterFrames, CHROMIUM, hasChromium, launchChromium, screenshot } from "./browser";
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

const WIRE = "w_a_output_b_input";

/** Two tools side by side at the same height and one wire between them, shown at 100 %. */
async function twoTools(options: { scale?: number; expectedStatuses?: number[] } = {}) {
  const opened = await openDesigner(browser, server.openUrl, options);
  const { page } = opened;
  await page.evaluate((wire) => {
    const editor = window.__weft?.editor;
    if (!editor) throw new Error("no test hook");
    editor.load({
      meta: { workflow_id: "wf-canvas-e2e", name: "Canvas" },
      tools: [
        { id: "a", type: "select", config: {}, position: { x: 40, y: 60 } },
        { id: "b", type: "sort", config: {}, position: { x: 440, y: 60 } },
      ],
      wires: [{ id: wire, source: "a", source_socket: "output", target: "b", target_socket: "input" }],
    });
  }, WIRE);
  await page.getByTestId("tool-b").waitFor();
  // Loading fits the view on the next frame; the test wants 100 % after that, so pixel
  // distances are world distances, and the wires painted at it.
  await afterFrames(page);
  await page.getByTestId("canvas-zoom-reset").click();
  await afterFrames(page);
  return opened;
}

/** The middle of the wire on screen: halfway between its two sockets (the curve's t = 0.5). */
async function wireMiddle(page: Page) {
  const centre = async (id: string) => {
    const box = await page.getByTestId(id).boundingBox();
    if (!box) throw new Error(`${id} not on screen`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre("socket-a-output");
  const to = await centre("socket-b-input");
  return { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
}

/** The most opaque pixel of the wires' canvas within 3 px of a screen point: [r, g, b, a]. */
function pixelAt(page: Page, at: { x: number; y: number }): Promise<number[]> {
  return page.evaluate(({ x, y }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="wire-layer"]');
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) throw new Error("no wire layer");
    const rect = canvas.getBoundingClientRect();
    const sx = canvas.width / rect.width;
    const sy = canvas.height / rect.height;
    const px = Math.round((x - rect.left) * sx);
    const py = Math.round((y - rect.top) * sy);
    const r = Math.ceil(3 * sx);
    const data = ctx.getImageData(px - r, py - r, 2 * r + 1, 2 * r + 1).data;
    let best = [0, 0, 0, 0];
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) > (best[3] ?? 0)) best = [...data.slice(i, i + 4)];
    }
    return best;
  }, at);
}

/** How opaque the wires' canvas is near a screen point (0 = nothing drawn). */
const inkAt = async (page: Page, at: { x: number; y: number }) => (await pixelAt(page, at))[3] ?? 0;

/** Whether a colour is the accent's blue rather than the plain wires' grey. */
const bluish = ([r = 0, g = 0, b = 0]: number[]) => b - r > 60 && b - g > 20;

/** How far the grid's dots are off the world's grid lines, in screen px (0: aligned). */
function gridMisalignment(page: Page): Promise<number> {
  return page.evaluate(() => {
    const world = document.querySelector<HTMLElement>(".canvas-world")?.style.transform ?? "";
    const grid = document.querySelector<HTMLElement>(".canvas-grid");
    const [, wx = "0", wy = "0"] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(world) ?? [];
    const [, gx = "0", gy = "0"] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(grid?.style.transform ?? "") ?? [];
    const gap = Number.parseFloat(grid?.style.backgroundSize ?? "0");
    const inset = Number.parseFloat(grid?.style.inset ?? "0");
    // A tile starts at the grid element's corner (its inset plus its translation): the
    // world's origin must fall a whole number of gaps from it, on both axes.
    const off = (corner: number, origin: number) => {
      const d = (((origin - corner) % gap) + gap) % gap;
      return Math.min(d, gap - d);
    };
    return Math.max(off(inset + Number(gx), Number(wx)), off(inset + Number(gy), Number(wy)));
  });
}

const selectedWire = (page: Page) => page.evaluate(() => window.__weft?.editor.state.selectedWire);
const wireIds = (page: Page) => page.evaluate(() => window.__weft?.editor.state.doc.wires.map((w) => w.id));

describe.skipIf(!hasChromium)("canvas wires", () => {
  test("a wire is painted where it runs and nowhere else, and follows a pan and a zoom", async () => {
    const { context, page, problems } = await twoTools();
    const mid = await wireMiddle(page);
    expect(await inkAt(page, mid)).toBeGreaterThan(100);
    expect(await inkAt(page, { x: mid.x, y: mid.y + 40 })).toBe(0);
    // In the theme's colours: a dark theme draws lighter wires than a light one.
    const light = await pixelAt(page, mid);
    await page.getByTestId("toolbar-theme").selectOption("dark");
    const dark = await pixelAt(page, mid);
    expect((dark[0] ?? 0) - (light[0] ?? 0)).toBeGreaterThan(40);
    await page.getByTestId("toolbar-theme").selectOption("light");

    // Pan by dragging empty canvas: the picture moves with the tools.
    const canvas = await page.getByTestId("canvas").boundingBox();
    if (!canvas) throw new Error("no canvas");
    const grab = { x: canvas.x + canvas.width - 30, y: canvas.y + 30 }; // clear of tools and controls
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - 60, grab.y + 90, { steps: 5 });
    await page.mouse.up();
    const panned = await wireMiddle(page);
    expect(Math.round(panned.x - mid.x)).toBe(-60);
    expect(Math.round(panned.y - mid.y)).toBe(90);
    expect(await inkAt(page, panned)).toBeGreaterThan(100);
    expect(await inkAt(page, mid)).toBe(0);
    // The dotted grid moved with the world.
    expect(await gridMisalignment(page)).toBeLessThan(0.01);

    // A pan farther than the bitmap's margin paints again: still right.
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - 500, grab.y + 20, { steps: 10 });
    await page.mouse.up();
    expect(await inkAt(page, await wireMiddle(page))).toBeGreaterThan(100);

    // Zoomed out, the wire is thinner but still drawn, still between its sockets.
    await page.getByTestId("canvas-zoom-out").click();
    await page.getByTestId("canvas-zoom-out").click();
    expect(await inkAt(page, await wireMiddle(page))).toBeGreaterThan(60);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("wires show behind the tools: a wire passing under a tool is hidden there", async () => {
    // The added Sample is selected: its check asks the Server (400: nothing wired into it)
    // once the panel's debounce has passed, which a slow machine reaches before the end.
    const { context, page, problems } = await twoTools({ expectedStatuses: [400] });
    // b 200 further right, then a third tool on the wire's middle (world x 432: halfway
    // between a's output at 224 and b's input at 640), with room either side.
    await page.evaluate(() => {
      window.__weft?.editor.moveTools(["b"], 200, 0);
      window.__weft?.editor.addTool("sample", { x: 432 - 92, y: 60 });
    });
    const mid = await wireMiddle(page);
    const cover = await page.getByTestId("tool-sample_1").boundingBox();
    if (!cover) throw new Error("no sample tool");
    expect(mid.x > cover.x && mid.x < cover.x + cover.width).toBe(true);
    expect(await inkAt(page, mid)).toBe(0);
    // Either side of it the wire still shows.
    expect(await inkAt(page, { x: cover.x - 30, y: mid.y })).toBeGreaterThan(100);
    expect(await inkAt(page, { x: cover.x + cover.width + 30, y: mid.y })).toBeGreaterThan(100);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("on a high-density screen the bitmap has device pixels", async () => {
    const { context, page } = await twoTools({ scale: 2 });
    const sizes = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="wire-layer"]');
      const rect = canvas?.getBoundingClientRect();
      return { bitmap: canvas?.width, css: rect?.width };
    });
    expect(sizes.bitmap).toBe(Math.round((sizes.css ?? 0) * 2));
    expect(await inkAt(page, await wireMiddle(page))).toBeGreaterThan(100);
    await context.close();
  }, 60_000);

  test("a click near a wire selects it; Delete removes it; Undo brings it back", async () => {
    const { context, page, problems } = await twoTools();
    const mid = await wireMiddle(page);
    // A click 20 px off the wire is a click on empty canvas.
    await page.mouse.click(mid.x, mid.y + 20);
    expect(await selectedWire(page)).toBeUndefined();
    // Hovering within a few pixels highlights it (the pointer says it can be clicked)...
    await page.mouse.move(mid.x, mid.y + 4);
    await page.waitForFunction(() => document.querySelector('[data-testid="canvas"]')?.classList.contains("over-wire"));
    // ...and a click selects it: drawn in the accent colour instead of grey.
    await page.mouse.move(mid.x, mid.y + 60);
    expect(bluish(await pixelAt(page, mid))).toBe(false);
    await page.mouse.click(mid.x, mid.y + 4);
    expect(await selectedWire(page)).toBe(WIRE);
    await page.mouse.move(mid.x, mid.y + 60);
    expect(bluish(await pixelAt(page, mid))).toBe(true);
    expect(await page.getByTestId(`wire-${WIRE}`).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "canvas-wire-selected");
    await page.keyboard.press("Delete");
    expect(await wireIds(page)).toEqual([]);
    expect(await inkAt(page, mid)).toBe(0);
    await page.keyboard.press("Control+z");
    expect(await wireIds(page)).toEqual([WIRE]);
    expect(await inkAt(page, mid)).toBeGreaterThan(100);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("wires are reached by Tab, named by their ends, selected with Enter and deleted", async () => {
    const { context, page, problems } = await twoTools();
    await page.getByTestId("canvas").focus();
    let reached: string | null | undefined;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.wire);
    }
    expect(reached).toBe(WIRE);
    const button = page.getByTestId(`wire-${WIRE}`);
    expect(await button.textContent()).toBe("Wire a → b");
    // Out of sight until focused by the keyboard; then it shows.
    const box = await button.boundingBox();
    expect((box?.width ?? 0) > 20 && (box?.height ?? 0) > 10).toBe(true);
    await page.keyboard.press("Enter");
    expect(await selectedWire(page)).toBe(WIRE);
    await page.keyboard.press("Delete");
    expect(await wireIds(page)).toEqual([]);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("dragging a tool to the edge of the canvas moves the view on, and the tool with it", async () => {
    // Selecting the Sort asks for the columns reaching it: 400, its upstream Select reads nothing.
    const { context, page, problems } = await twoTools({ expectedStatuses: [400] });
    const canvas = await page.getByTestId("canvas").boundingBox();
    const tool = await page.getByTestId("tool-b").boundingBox();
    if (!canvas || !tool) throw new Error("not on screen");
    const before = await page.evaluate(() => window.__weft?.editor.tool("b")?.position.x ?? Number.NaN);
    const grab = { x: tool.x + tool.width / 2, y: tool.y + 14 };
    const edgeX = canvas.x + canvas.width - 4;
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    // In the page: the view's pan (x of the world layer's transform) once it is below `least`.
    const viewXBelow = (least: number) => {
      const x = new DOMMatrix(getComputedStyle(document.querySelector(".canvas-world") as Element).transform).e;
      return x < least ? { x } : null;
    };
    const viewBefore = (await page.evaluate(viewXBelow, Number.POSITIVE_INFINITY))?.x ?? Number.NaN;
    await page.mouse.move(edgeX, grab.y, { steps: 8 });
    // Held at the edge, the view keeps moving, however many frames that takes: wait until it
    // has moved 100 px on.
    await page.waitForFunction(viewXBelow, viewBefore - 100);
    await page.mouse.up();
    const after = await page.evaluate(() => window.__weft?.editor.tool("b")?.position.x ?? Number.NaN);
    // At 100 % the pointer alone moved the tool (edgeX - grab.x) world units; the tool went on
    // with the view.
    expect(after - before).toBeGreaterThan(edgeX - grab.x + 100);
    // The tool is still under the pointer, and the wire still reaches it.
    const moved = await page.getByTestId("tool-b").boundingBox();
    expect(Math.abs((moved?.x ?? 0) + (moved?.width ?? 0) / 2 - edgeX)).toBeLessThan(3);
    expect(await inkAt(page, await wireMiddle(page))).toBeGreaterThan(60);
    // One drag, one undo step.
    await page.keyboard.press("Control+z");
    expect(await page.evaluate(() => window.__weft?.editor.tool("b")?.position.x)).toBe(before);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);

  test("with a page over the designer, the canvas keys and Undo leave the hidden workflow alone", async () => {
    const { context, page, problems } = await twoTools({ expectedStatuses: [400] });
    await page.evaluate(() => {
      const editor = window.__weft?.editor;
      editor?.setLabel("a", "something to undo");
      editor?.select(["a", "b"]);
    });
    const before = await page.evaluate(() => JSON.stringify(window.__weft?.editor.snapshot()));
    await page.getByTestId("toolbar-history").click();
    await page.getByTestId("page-history").waitFor();
    // Nothing focused: keys go to the body, where the canvas's shortcuts listen.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const key of ["Delete", "Control+d", "ArrowRight", "Control+z"]) {
      await page.keyboard.press(key);
    }
    expect(await page.evaluate(() => JSON.stringify(window.__weft?.editor.snapshot()))).toBe(before);
    // Back on the designer, the same keys act again.
    await page.getByTestId("page-close").click();
    await page.getByTestId("canvas").waitFor();
    await page.getByTestId("canvas").focus();
    await page.keyboard.press("Delete");
    expect(await page.evaluate(() => window.__weft?.editor.state.doc.tools.length)).toBe(0);
    expect(problems.list).toEqual([]);
    await context.close();
  }, 60_000);
});
