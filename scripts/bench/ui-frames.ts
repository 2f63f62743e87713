/**
 * Frame times of the designer's canvas while dragging: a generated workflow of 200 tools
 * and ~250 wires is loaded into the editor (through the `?e2e=1` test hook), a group of
 * tools is selected and dragged for ~2 s with synthetic pointer moves, and the page records
 * every animation frame. Prints the median and p95 frame time and the frames over 16.7 ms,
 * once with the whole workflow in view (fit) and once at 100 % zoom. Frame times depend on
 * what else the machine runs; the main-thread CPU time per updated frame (from a Chromium
 * trace: thread time) does much less, and says how much of the 16.7 ms budget the page uses.
 *
 *   bun scripts/bench/ui-frames.ts [--tools 200] [--seconds 2] [--group 24] [--dist web/dist]
 *
 * Builds web/dist first when it is stale (unless --dist names another build).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { loadConfig } from "../../src/cli/config";
import { startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";
import type { ToolNode, Wire, WorkflowDoc } from "../../web/src/model/workflow";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : (args[at + 1] ?? fallback);
};
const toolCount = Number(option("tools", "200"));
const seconds = Number(option("seconds", "2"));
const groupSize = Number(option("group", "24"));
const root = join(import.meta.dir, "..", "..");
const dist = resolve(option("dist", join(root, "web", "dist")));

/** A layered workflow: 10 rows of chains, every third tool a Join fed by two rows (~250 wires). */
export function generateWorkflow(count: number): WorkflowDoc {
  const rows = 10;
  const columns = Math.ceil(count / rows);
  const chain = ["filter", "select", "join", "sort", "formula", "join", "summarize", "calculate", "join", "sample"];
  const tools: ToolNode[] = [];
  const wires: Wire[] = [];
  const id = (c: number, r: number) => `t${c}_${r}`;
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows && tools.length < count; r++) {
      const type = c === 0 ? "input" : (chain[(c + r) % chain.length] as string);
      tools.push({ id: id(c, r), type, config: {}, position: { x: c * 250, y: r * 110 } });
      if (c === 0) continue;
      const wire = (source: string, socket: string, target_socket: string) =>
        wires.push({ id: `w${wires.length}`, source, source_socket: socket, target: id(c, r), target_socket });
      const from = (row: number) => {
        const prev = tools.find((t) => t.id === id(c - 1, row));
        const socket = prev?.type === "filter" ? "output-true" : prev?.type === "join" ? "output-match" : "output";
        return [id(c - 1, row), socket] as const;
      };
      if (type === "join") {
        wire(...from(r), "input-left");
        wire(...from((r + 1) % rows), "input-right");
      } else wire(...from(r), "input");
    }
  }
  return { meta: { workflow_id: `wf-bench-${count}`, name: `Bench ${count} tools` }, tools, wires };
}

function build() {
  if (dist !== join(root, "web", "dist")) return;
  const proc = Bun.spawnSync([process.execPath, join(root, "scripts", "build-web.ts"), "--if-stale"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (proc.exitCode !== 0) throw new Error("building web/dist failed");
}

interface Frames {
  median: number;
  p95: number;
  max: number;
  over: number;
  /** Frames that took at least two vsync intervals (a frame was skipped); "over" also counts 16.8 ms jitter. */
  missed: number;
  frames: number;
  moves: number;
  moved: boolean;
  /** Frames in which the store moved the tools (one moveTools call each). */
  updates: number;
  /** Main-thread CPU time of the page (thread time, so other load on the machine does not count). */
  cpuMs: number;
  cpu: Record<string, number>;
}

// Trace events of the renderer's main thread, by what the time was spent on.
const CPU_PARTS: Record<string, string[]> = {
  script: ["FunctionCall", "EventDispatch", "FireAnimationFrame", "TimerFire", "V8.GC_SCAVENGER", "MajorGC"],
  style: ["UpdateLayoutTree"],
  layout: ["Layout"],
  paint: ["Paint", "PrePaint"],
  layerize: ["Layerize"],
};

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** CPU time of the renderer's main thread in a trace: in all, and per part (outermost events only). */
function mainThreadCpu(events: TraceEvent[]): { total: number; parts: Record<string, number> } {
  const main = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const on = events.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`));
  const total = on.filter((e) => e.cat?.includes("toplevel")).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const parts: Record<string, number> = {};
  for (const [part, names] of Object.entries(CPU_PARTS)) {
    const mine = on.filter((e) => names.includes(e.name)).sort((a, b) => a.ts - b.ts);
    let end = 0;
    let sum = 0;
    for (const e of mine) {
      if (e.ts < end) continue; // nested in one already counted
      end = e.ts + (e.dur ?? 0);
      sum += e.tdur ?? 0;
    }
    parts[part] = sum / 1000;
  }
  return { total, parts };
}

/** Where a tool's middle is on screen, and a probe that changes when the tool moves. */
async function grabTool(page: Page, id: string) {
  const box = await page.locator(`[data-testid="tool-${id}"]`).boundingBox();
  if (!box) throw new Error(`tool ${id} is not on screen`);
  const probe = () => page.evaluate((tool) => window.__weft?.editor.tool(tool)?.position.x, id);
  return { start: { x: box.x + box.width / 2, y: box.y + box.height / 2 }, probe };
}

/** Whether every tool node lies inside the canvas. */
function allInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="canvas"]')?.getBoundingClientRect();
    if (!canvas) return false;
    return [...document.querySelectorAll(".tool-node")].every((node) => {
      const r = node.getBoundingClientRect();
      return r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.bottom <= canvas.bottom;
    });
  });
}

/** An empty spot of the canvas (its top-left corner, left free by fit-to-view), and a probe of the view's transform. */
async function grabCanvas(page: Page) {
  const box = await page.locator('[data-testid="canvas"]').boundingBox();
  if (!box) throw new Error("no canvas on screen");
  const probe = () =>
    page.evaluate(() => (document.querySelector(".canvas-world") as HTMLElement | null)?.style.transform);
  return { start: { x: box.x + 12, y: box.y + 12 }, probe };
}

/**
 * Drags from `grab.start` for `seconds` in a circle while the page records frame times: the
 * selected group when it starts on a tool, the whole view (a pan) on empty canvas.
 */
export async function measureDrag(
  page: Page,
  grab: { start: { x: number; y: number }; probe: () => Promise<unknown> },
  traceFile?: string,
): Promise<Frames> {
  const { start } = grab;
  const before = await grab.probe();
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean; __updates: number };
    const editor = window.__weft?.editor;
    if (editor && !("__counted" in editor)) {
      const move = editor.moveTools;
      editor.moveTools = (...args) => {
        w.__updates++;
        move(...args);
      };
      Object.assign(editor, { __counted: true });
    }
    w.__updates = 0;
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  const browser = page.context().browser();
  if (traceFile && browser) {
    await browser.startTracing(page, { path: traceFile, categories: ["devtools.timeline", "toplevel"] });
  }
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const began = performance.now();
  let moves = 0;
  for (;;) {
    const t = (performance.now() - began) / 1000;
    if (t > seconds) break;
    const angle = t * Math.PI * 2;
    await page.mouse.move(start.x + 120 * Math.sin(angle), start.y + 80 * (1 - Math.cos(angle)));
    moves++;
  }
  await page.mouse.up();
  const { frames, updates } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean; __updates: number };
    w.__recording = false;
    return { frames: w.__frames.slice(1), updates: w.__updates };
  });
  let cpu = { total: 0, parts: {} as Record<string, number> };
  if (traceFile && browser) {
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    cpu = mainThreadCpu(trace.traceEvents);
  }
  const after = await grab.probe();
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    median: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1] ?? 0,
    over: frames.filter((f) => f > 16.7).length,
    missed: frames.filter((f) => f > 25).length,
    frames: frames.length,
    moves,
    moved: before !== after,
    updates,
    cpuMs: cpu.total,
    cpu: cpu.parts,
  };
}

async function main() {
  build();
  const work = mkdtempSync(join(tmpdir(), "weft-bench-ui-"));
  const config = loadConfig({
    mode: "server",
    env: {
      HOME: work,
      WEFT_DATA_DIR: join(work, "data"),
      PORT: "0",
      AUTH_MODE: "disabled",
      WEFT_NO_BROWSER: "1",
      STATIC_FILES_PATH: dist,
    },
  });
  const weft = await startWeft(config, createLogger({ level: "warn" }));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${weft.url}?e2e=1`);
    await page.waitForFunction(() => !!window.__weft);
    const report = (name: string, f: Frames) => {
      console.log(
        `${name.padEnd(11)} frame time median ${f.median.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms; ` +
          `over 16.7 ms: ${f.over} of ${f.frames} frames, ${f.missed} over 25 ms (${f.moves} pointer moves, ${f.updates} store updates${f.moved ? "" : ", TOOLS DID NOT MOVE"})`,
      );
      // A drag is counted per store update; a pan (no store updates) per frame.
      const per = (ms: number) => (ms / Math.max(1, f.updates || f.frames)).toFixed(1);
      const parts = Object.entries(f.cpu)
        .map(([part, ms]) => `${part} ${per(ms)}`)
        .join(", ");
      console.log(
        `${"".padEnd(11)} main-thread CPU per ${f.updates ? "updated " : ""}frame ${per(f.cpuMs)} ms (${parts})`,
      );
    };
    const trace = join(work, "trace.json");
    // The baseline, in the same run: a pan of the empty canvas (what this machine's headless
    // Chromium gives when there is nothing to draw: its frame jitter and missed frames).
    report("pan (empty)", await measureDrag(page, await grabCanvas(page), trace));
    const doc = generateWorkflow(toolCount);
    await page.evaluate((d) => window.__weft?.editor.load(d), doc);
    await page.waitForFunction((n) => document.querySelectorAll(".tool-node").length === n, doc.tools.length);
    // Let the load's fit-to-view and the live previews' first answers settle.
    await page.waitForTimeout(1500);
    // Fit stops at a readable zoom (FIT_MIN_ZOOM); zoom out by hand until the whole workflow shows.
    for (let i = 0; i < 30 && !(await allInView(page)); i++) await page.keyboard.press("-");
    // The group: tools around the middle of the workflow (on screen at 100 % too).
    const middle = {
      x: doc.tools.reduce((sum, t) => sum + t.position.x, 0) / doc.tools.length,
      y: doc.tools.reduce((sum, t) => sum + t.position.y, 0) / doc.tools.length,
    };
    const distance = (t: ToolNode) => Math.hypot(t.position.x - middle.x, (t.position.y - middle.y) * 2);
    const group = [...doc.tools]
      .sort((a, b) => distance(a) - distance(b))
      .slice(0, groupSize)
      .map((t) => t.id);
    await page.evaluate((ids) => window.__weft?.editor.select(ids), group);
    console.log(
      `${doc.tools.length} tools, ${doc.wires.length} wires; dragging ${group.length} tools for ${seconds} s (Chromium ${browser.version()})`,
    );
    report("fit (all)", await measureDrag(page, await grabTool(page, group[0] as string), trace));
    // Panning moves the whole workflow at once (every tool and wire in view).
    await page.evaluate(() => window.__weft?.editor.select([]));
    report("pan (all)", await measureDrag(page, await grabCanvas(page), trace));
    await page.keyboard.press("f");
    await page.keyboard.press("1");
    // The drag's circle goes up to 120 px either side of the tool and 160 px below it: pan (the
    // arrows move the view 40 px with nothing selected) until the tool sits a third of the way
    // in, so the circle stays clear of the edges, where the view would start moving on its own.
    const canvasBox = await page.locator('[data-testid="canvas"]').boundingBox();
    const { start } = await grabTool(page, group[0] as string);
    if (!canvasBox) throw new Error("no canvas on screen");
    const steps = (from: number, to: number) => Math.round((to - from) / 40);
    const across = steps(start.x, canvasBox.x + canvasBox.width * 0.4);
    const down = steps(start.y, canvasBox.y + canvasBox.height * 0.25);
    for (let i = 0; i < Math.abs(across); i++) await page.keyboard.press(across > 0 ? "ArrowLeft" : "ArrowRight");
    for (let i = 0; i < Math.abs(down); i++) await page.keyboard.press(down > 0 ? "ArrowUp" : "ArrowDown");
    await page.evaluate((ids) => window.__weft?.editor.select(ids), group);
    report("zoom 100 %", await measureDrag(page, await grabTool(page, group[0] as string), trace));
    if (errors.length > 0) console.log("page errors:", errors);
  } finally {
    await browser.close();
    await weft.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
