/**
 * A full run's progress in Debian's Chromium against a real Server: the designer reads
 * `/workflow/execute` as a stream, so while the run goes each tool's badge and its row in
 * the Run tab turn from running to done, the tab counts the tools done, and at the end it
 * lists the files written with their paths. The workflow is loaded through the test hook
 * (`?e2e=1`); it sorts a generated CSV of a few million rows and writes it twice, so the run
 * lasts long enough to watch. How many rows is measured: each Output's write must take at
 * least WRITE_MS on this machine, so that one Output is seen done while the other still
 * writes however fast the machine is (measureRows).
 *
 *   [in big.csv] → [sorted by k] → [csv_out sorted.csv]
 *                        └───────→ [parquet_out sorted.parquet]
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import type { Browser } from "playwright-core";
import { writeCsv } from "../../src/formats/csv/writer";
import { writeParquet } from "../../src/formats/parquet/writer";
import { CHROMIUM, hasChromium, launchChromium, openPage, screenshot } from "./browser";
import { steps, waitForStatus } from "./person";
import { buildWebIfStale, type E2eServer, startE2eServer } from "./weft-server";

/** The fewest rows the run sorts and writes (what the test always used). */
const MIN_ROWS = 3_000_000;
/** How long each Output's work must take here at least: far above a browser's read of a chunk. */
const WRITE_MS = 1_500;
let rows = MIN_ROWS;

/** Writes `path`: a CSV of `count` rows k (0 .. count-1, shuffled), region and amount. */
function writeBigCsv(path: string, count: number): void {
  const numbers = Float64Array.from({ length: count }, (_, n) => n);
  const i = pl.Series("i", numbers).cast(pl.Int64);
  const frame = pl
    .DataFrame({ i })
    .select(
      pl.col("i").mul(7919).modulo(count).alias("k"),
      pl.lit("region ").add(pl.col("i").modulo(13).cast(pl.Utf8)).alias("region"),
      pl.col("i").modulo(1000).alias("amount"),
    );
  writeCsv(frame.lazy(), path, {});
}

/**
 * How many rows make each Output's work take at least WRITE_MS here. The run sorts once and
 * each Output writes the sorted rows, read back from where the engine keeps them (an Arrow
 * IPC file): a million rows are written so, by the writers the Outputs use, in this process
 * (the same Polars as the executor's), and the quicker of the two is scaled. A busy machine
 * only makes the run slower than measured; a fast one gets more rows.
 */
async function measureRows(dir: string): Promise<number> {
  const sample = 1_000_000;
  const paths = ["calibrate.csv", "calibrate.ipc", "calibrate-out.csv", "calibrate-out.parquet"].map((name) =>
    join(dir, name),
  );
  const [source = "", sorted = "", csv = "", parquet = ""] = paths;
  writeBigCsv(source, sample);
  await pl.scanCSV(source).sort("k").sinkIpc(sorted).collect();
  const timed = (write: typeof writeCsv, path: string) => {
    const started = performance.now();
    write(pl.scanIPC(sorted), path, {});
    return performance.now() - started;
  };
  const fastest = Math.min(timed(writeCsv, csv), timed(writeParquet, parquet));
  for (const path of paths) rmSync(path);
  return Math.max(MIN_ROWS, Math.ceil((sample * WRITE_MS) / fastest / 100_000) * 100_000);
}

/** The page as the recorder saw it after one batch of changes. */
interface Snapshot {
  running: boolean;
  count: string;
  steps: Record<string, string>;
  badges: Record<string, string>;
  written: string[];
}
const OUTPUTS = ["csv_out", "parquet_out"];

if (!hasChromium) console.warn(`tests/e2e: skipped, ${CHROMIUM} is absent (apt-get install chromium)`);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  buildWebIfStale();
  server = await startE2eServer();
  rows = await measureRows(server.files);
  writeBigCsv(join(server.files, "big.csv"), rows);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test.skipIf(!hasChromium)(
  "a run shows each tool's progress as it goes, then the files written with their paths",
  async () => {
    const { context, page, problems } = await openPage(browser);
    const path = (name: string) => join(server.files, name);
    await steps([
      [
        "load the workflow and wait for its previews",
        async () => {
          await page.goto(`${server.openUrl}&e2e=1`);
          await page.waitForFunction(() => window.__weft !== undefined);
          await page.evaluate(
            ({ big, csv, parquet }) => {
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
                meta: { workflow_id: "wf-run-progress", name: "Run progress" },
                tools: [
                  { id: "in", type: "input", config: { source: big }, position: { x: 40, y: 60 } },
                  { id: "sorted", type: "sort", config: { by: [{ column: "k" }] }, position: { x: 300, y: 60 } },
                  { id: "csv_out", type: "output", config: { path: csv }, position: { x: 560, y: 20 } },
                  { id: "parquet_out", type: "output", config: { path: parquet }, position: { x: 560, y: 160 } },
                ],
                wires: [wire("in", "sorted"), wire("sorted", "csv_out"), wire("sorted", "parquet_out")],
              });
            },
            { big: path("big.csv"), csv: path("sorted.csv"), parquet: path("sorted.parquet") },
          );
          for (const id of ["in", "sorted", ...OUTPUTS]) {
            const badge = `[data-testid="tool-status-${id}"]`;
            await page.locator(`${badge}[data-state="ok"], ${badge}[data-state="cached"]`).waitFor({ timeout: 60_000 });
          }
        },
      ],
      [
        "run: a tool turns from running to done while the run still goes",
        async () => {
          // Every change of the page is recorded as it happens (a snapshot per mutation batch):
          // the Outputs write one after another, WRITE_MS or more each: polling could miss the moment.
          await page.evaluate((ids) => {
            const log: Snapshot[] = [];
            (window as unknown as { __runLog: Snapshot[] }).__runLog = log;
            const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? "";
            const take = () => {
              const snapshot: Snapshot = {
                running: document.querySelector('[data-testid="run-progress"]') !== null,
                count: document.querySelector('[data-testid="run-progress-count"]')?.textContent ?? "",
                steps: Object.fromEntries(ids.map((id) => [id, attr(`[data-testid="run-step-${id}"]`, "data-state")])),
                badges: Object.fromEntries(
                  ids.map((id) => [id, attr(`[data-testid="tool-status-${id}"]`, "data-state")]),
                ),
                written: ids.filter((id) => document.querySelector(`[data-testid="run-written-${id}"]`)),
              };
              const last = log[log.length - 1];
              if (JSON.stringify(last) !== JSON.stringify(snapshot)) log.push(snapshot);
            };
            new MutationObserver(take).observe(document.body, {
              subtree: true,
              childList: true,
              attributes: true,
              characterData: true,
            });
          }, OUTPUTS);
          await page.getByTestId("toolbar-run").click();
          await page.getByTestId("run-progress").waitFor();
          await page.getByTestId("run-steps").waitFor();
          await screenshot(page, "run-progress-running");
          // At 1280 px the toolbar stays one row while it says "Running…" (it once wrapped).
          const toolbar = await page.getByTestId("toolbar").boundingBox();
          expect(toolbar?.height ?? 0).toBeLessThan(56);
          await page.getByTestId("run-progress").waitFor({ state: "detached", timeout: 60_000 });
          const log = await page.evaluate(() => (window as unknown as { __runLog: Snapshot[] }).__runLog);
          const during = log.filter((s) => s.running);
          // The first Output to write: seen running (badge too) while the other waited, then done while the run went on.
          const first = OUTPUTS.find((id) =>
            during.some((s) => s.steps[id] === "running" && s.badges[id] === "running"),
          ) as string;
          expect(first).toBeDefined();
          // Before its turn, the other Output's badge said it was waiting, not running.
          const other = OUTPUTS.find((id) => id !== first) as string;
          expect(during.some((s) => s.badges[other] === "waiting")).toBe(true);
          const startedAt = during.findIndex((s) => s.steps[first] === "running");
          const doneAt = during.findIndex((s) => s.steps[first] === "success");
          expect(startedAt).toBeGreaterThanOrEqual(0);
          expect(doneAt).toBeGreaterThan(startedAt);
          const done = during[doneAt] as Snapshot;
          expect(done.badges[first]).toBe("ok");
          expect(done.written).toEqual([first]);
          // in, sorted and this Output are done; the other Output is not yet.
          expect(done.count).toBe("3 of 4 tools done");
          expect(Object.values(done.steps).filter((state) => state === "success")).toHaveLength(1);
        },
      ],
      [
        "the run ends: the Run tab lists both files written with their paths",
        async () => {
          for (const [id, name] of [
            ["csv_out", "sorted.csv"],
            ["parquet_out", "sorted.parquet"],
          ] as const) {
            const item = page.getByTestId(`run-output-${id}`);
            expect(await item.locator(".run-path").textContent()).toBe(path(name));
            expect(await item.textContent()).toContain(`${rows.toLocaleString("en-US")} rows`);
            expect(existsSync(path(name))).toBe(true);
            await waitForStatus(page, id, "ok", 1_000);
          }
          await screenshot(page, "run-progress-done");
        },
      ],
    ]);
    expect(problems.list).toEqual([]);
    await context.close();
  },
  180_000,
);
