import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunStreamLine } from "../../src/server/run-stream";
import type { Workflow } from "../../src/shared/workflow";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { countingInput, countingMs, SLOW_COUNT, workflow, writeCsv, writeEmptySqlite } from "../helpers/workflows";

/*
 * `POST /api/workflow/execute` streamed as NDJSON (`Accept: application/x-ndjson`, Weft's
 * extension: docs/decisions.md): each tool's progress as it happens, each file written,
 * then the same body the JSON answer has, or the error. Every run here is real.
 *
 *   [in big.csv] → [sorted by k] → [out sorted.csv]
 *          └─────→ [first 5] ───→ [head.csv]
 */

const ROWS = 1_000_000;
let t: TestApp;
let files: string;
let big: string;
let small: string;

const post = (body: unknown, accept?: string) =>
  t.app.request("/api/workflow/execute", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json", ...(accept ? { accept } : {}) },
    body: JSON.stringify(body),
  });

/** The answer's lines as they arrive, each with whether the engine was still busy with the run then. */
async function readLines(res: Response): Promise<{ line: RunStreamLine; busy: boolean }[]> {
  const out: { line: RunStreamLine; busy: boolean }[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const busy = (t.engine?.stats().busy ?? 0) > 0;
    rest += decoder.decode(value, { stream: true });
    const parts = rest.split("\n");
    rest = parts.pop() ?? "";
    for (const part of parts) out.push({ line: JSON.parse(part), busy });
  }
  expect(rest).toBe("");
  return out;
}

const sortedRun = (id: string, outDir = files): Workflow =>
  workflow(
    id,
    [
      { id: "in", type: "input", config: { source: big } },
      { id: "sorted", type: "sort", config: { by: [{ column: "k" }] } },
      { id: "out", type: "output", config: { path: join(outDir, `${id}-sorted.csv`) } },
      { id: "first", type: "sample", config: { method: "first", n: 5 } },
      { id: "head", type: "output", config: { path: join(outDir, `${id}-head.csv`) } },
    ],
    ["in -> sorted", "sorted -> out", "in -> first", "first -> head"],
  );

/** Checks the progress rules every streamed run keeps, and answers the tool events by tool. */
function checkOrder(lines: RunStreamLine[]) {
  const last = lines[lines.length - 1];
  expect(["result", "error"]).toContain(last?.event as string);
  expect(lines.filter((l) => l.event === "result" || l.event === "error")).toHaveLength(1);
  const byTool = new Map<string, string[]>();
  lines.forEach((l, i) => {
    if (l.event !== "tool") return;
    const seen = byTool.get(l.tool_id) ?? [];
    // A tool ends once, after it started.
    if (l.status === "running") expect(seen).toEqual([]);
    else expect(seen).toEqual(["running"]);
    seen.push(l.status);
    byTool.set(l.tool_id, seen);
    if (l.status !== "running") expect(l.duration_ms).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThan(lines.length - 1);
  });
  return byTool;
}

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  big = join(files, "big.csv");
  const body = Array.from({ length: ROWS }, (_, i) => `${(i * 7919) % ROWS},v${i % 97}`).join("\n");
  writeFileSync(big, `k,v\n${body}\n`);
  small = writeCsv(
    join(files, "small.csv"),
    ["a", "b"],
    [
      [1, "x"],
      [2, "y"],
    ],
  );
});
afterAll(() => t.close());

describe("execute as a stream of NDJSON lines", () => {
  test("each tool runs then succeeds, files are written before the result, lines come while the run goes", async () => {
    const res = await post({ workflow: sortedRun("w-stream"), preview_limit: 2 }, "application/x-ndjson");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/x-ndjson");
    const received = await readLines(res);
    const lines = received.map((r) => r.line);
    const byTool = checkOrder(lines);
    for (const id of ["in", "sorted", "out", "first", "head"]) expect(byTool.get(id)).toEqual(["running", "success"]);

    // The first lines reached the client while the executor still worked on the run.
    expect(received[0]?.busy).toBe(true);
    const index = (pred: (l: RunStreamLine) => boolean) => lines.findIndex(pred);
    const done = (id: string) => index((l) => l.event === "tool" && l.tool_id === id && l.status === "success");
    const started = (id: string) => index((l) => l.event === "tool" && l.tool_id === id && l.status === "running");
    const written = (id: string) => index((l) => l.event === "written" && l.tool_id === id);
    // The sort is done (its result stored) before the Output reading it starts writing.
    expect(done("sorted")).toBeLessThan(started("out"));
    // An Output runs while it writes: written, then its success, all before the result.
    for (const id of ["out", "head"]) {
      expect(started(id)).toBeLessThan(written(id));
      expect(written(id)).toBeLessThan(done(id));
    }

    const sortedDone = lines[done("sorted")] as Extract<RunStreamLine, { event: "tool" }>;
    expect(sortedDone).toMatchObject({ cache: "miss", rows: ROWS });
    const outWritten = lines[written("out")] as Extract<RunStreamLine, { event: "written" }>;
    expect(outWritten).toEqual({
      event: "written",
      tool_id: "out",
      path: join(files, "w-stream-sorted.csv"),
      rows: ROWS,
    });
    expect(lines[done("out")]).toMatchObject({ rows: ROWS, cache: "off" });

    const result = lines[lines.length - 1] as Extract<RunStreamLine, { event: "result" }>;
    expect(result.event).toBe("result");
    expect(result.status).toBe("success");
    expect(result.written).toEqual([
      { tool_id: "out", path: join(files, "w-stream-sorted.csv"), rows: ROWS },
      { tool_id: "head", path: join(files, "w-stream-head.csv"), rows: 5 },
    ]);
    // Each tool's last events agree with the result's metrics: rows in its success, or counted after the writes.
    for (const metric of result.metrics.tools) {
      const last = lines[done(metric.tool_id)] as Extract<RunStreamLine, { event: "tool" }>;
      expect(last.duration_ms).toBe(metric.duration_ms);
      const counted = lines.find((l) => l.event === "rows" && l.tool_id === metric.tool_id) ?? last;
      expect(counted.event === "tool" || counted.event === "rows" ? counted.rows : "no rows").toBe(metric.rows);
    }
    const sortedFile = readFileSync(join(files, "w-stream-sorted.csv"), "utf8").split("\n");
    expect(sortedFile.slice(0, 2)).toEqual(["k,v", "0,v0"]);
    expect(sortedFile).toHaveLength(ROWS + 2);
  }, 60_000);

  test("the JSON answer is unchanged for a client that does not ask for the stream", async () => {
    for (const accept of [undefined, "application/json", "application/x-ndjson;q=0, application/json"]) {
      const wf = workflow(
        `w-json-${accept?.length ?? 0}`,
        [
          { id: "in", type: "input", config: { source: small } },
          { id: "out", type: "output", config: { path: join(files, `json-${accept?.length ?? 0}.csv`) } },
        ],
        ["in -> out"],
      );
      const res = await post({ workflow: wf }, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(["metrics", "outputs", "status", "workflow_id", "written"]);
      expect(body.status).toBe("success");
      expect(body.written).toEqual([{ tool_id: "out", path: join(files, `json-${accept?.length ?? 0}.csv`), rows: 2 }]);
      expect(body.outputs.out.output.data).toEqual([
        [1, "x"],
        [2, "y"],
      ]);
    }
  });

  test("a failing tool's error event names it, and the last line is the error", async () => {
    const wf = workflow(
      "w-fail",
      [
        { id: "in", type: "input", config: { source: small } },
        { id: "pick", type: "select", config: { columns: [{ name: "no_such_column" }] } },
        { id: "out", type: "output", config: { path: join(files, "never.csv") } },
      ],
      ["in -> pick", "pick -> out"],
    );
    const res = await post({ workflow: wf }, "application/x-ndjson");
    expect(res.status).toBe(200);
    const lines = (await readLines(res)).map((r) => r.line);
    const byTool = checkOrder(lines);
    expect(byTool.get("in")).toEqual(["running", "success"]);
    expect(byTool.get("pick")).toEqual(["running", "error"]);
    expect(byTool.has("out")).toBe(false);
    const last = lines[lines.length - 1];
    expect(last).toMatchObject({ event: "error", status: 400, tool_id: "pick" });
    // The message alone does not name the tool; the stream does (tool_id, and the tool's own error event).
    expect((last as { detail: string }).detail).toContain("no_such_column");
    expect(lines.some((l) => l.event === "written")).toBe(false);
    expect(existsSync(join(files, "never.csv"))).toBe(false);
  });

  test("an Output that cannot write fails after the other tools are done, naming it", async () => {
    const taken = writeCsv(join(files, "taken.csv"), ["a"], [[1]]);
    const wf = workflow(
      "w-fail-write",
      [
        { id: "in", type: "input", config: { source: small } },
        { id: "ok", type: "output", config: { path: join(files, "written-first.csv") } },
        { id: "out", type: "output", config: { path: taken, if_exists: "fail" } },
      ],
      ["in -> ok", "in -> out"],
    );
    const lines = (await readLines(await post({ workflow: wf }, "application/x-ndjson"))).map((r) => r.line);
    const byTool = checkOrder(lines);
    expect(byTool.get("ok")).toEqual(["running", "success"]);
    expect(byTool.get("out")).toEqual(["running", "error"]);
    expect(lines.filter((l) => l.event === "written").map((l) => (l as { tool_id: string }).tool_id)).toEqual(["ok"]);
    expect(lines[lines.length - 1]).toMatchObject({ event: "error", status: 400, tool_id: "out" });
    expect(readFileSync(taken, "utf8")).toBe("a\n1\n");
  });

  test("an Output outside the allowed folders is refused with 403, in the stream, and nothing is written", async () => {
    const wf = workflow(
      "w-escape",
      [
        { id: "in", type: "input", config: { source: small } },
        { id: "out", type: "output", config: { path: join(files, "..", "..", "..", "tmp", "weft-escape.csv") } },
      ],
      ["in -> out"],
    );
    const lines = (await readLines(await post({ workflow: wf }, "application/x-ndjson"))).map((r) => r.line);
    checkOrder(lines);
    expect(lines[lines.length - 1]).toMatchObject({ event: "error", status: 403 });
    expect(existsSync("/tmp/weft-escape.csv")).toBe(false);
  });

  test("errors before the run starts keep their status and {detail} body", async () => {
    const cycle = workflow(
      "w-cycle",
      [
        { id: "a", type: "sample", config: { method: "first", n: 1 } },
        { id: "b", type: "sample", config: { method: "first", n: 1 } },
      ],
      ["a -> b", "b -> a"],
    );
    const missing = workflow("w-missing", [{ id: "in", type: "input", config: { source: join(files, "nope.csv") } }]);
    const cases: [unknown, number][] = [
      [{ workflow: cycle }, 400],
      [{ nothing: true }, 400],
      [{ workflow: missing }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await post(body, "application/x-ndjson");
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      const answer = await res.json();
      expect(Object.keys(answer)).toEqual(["detail"]);
      expect(answer.detail.length).toBeGreaterThan(0);
    }
  });

  test("a client that leaves mid-run crashes nothing: the run ends, writes and is archived", async () => {
    const server = Bun.serve({ port: 0, fetch: t.app.fetch });
    try {
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${server.port}/api/workflow/execute`, {
        method: "POST",
        headers: { ...bearer(t.token), "content-type": "application/json", accept: "application/x-ndjson" },
        body: JSON.stringify({ workflow: sortedRun("w-leave") }),
        signal: controller.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"event":"tool"');
      expect(t.engine?.stats().busy).toBe(1);
      controller.abort();
      await reader.read().catch(() => undefined);
      const sorted = join(files, "w-leave-sorted.csv");
      await waitUntil(() => t.engine?.stats().busy === 0, "the run to end");
      expect(existsSync(sorted)).toBe(true);
      expect(readFileSync(sorted, "utf8").split("\n")).toHaveLength(ROWS + 2);
      // The Server goes on answering, and the run left its archive entry.
      const list = await fetch(`http://127.0.0.1:${server.port}/api/archive/list`, { headers: bearer(t.token) });
      expect(list.status).toBe(200);
      const { archives } = (await list.json()) as { archives: { workflow_name: string; status: string }[] };
      expect(archives.find((a) => a.workflow_name === "w-leave")?.status).toBe("success");
    } finally {
      server.stop(true);
    }
  }, 60_000);
});

describe("a streamed run asked to stop when its client leaves (cancel_on_disconnect: a Hub's cancel)", () => {
  test("the client leaving stops the engine's work at once: nothing is written, the archive says cancelled", async () => {
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(60_000);
    const db = writeEmptySqlite(join(files, "cancel-empty.sqlite"));
    const never = join(files, "cancel-never.csv");
    const slow = workflow(
      "w-cancel",
      [countingInput("count", db, SLOW_COUNT), { id: "out", type: "output", config: { path: never } }],
      ["count -> out"],
    );
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: t.app.fetch });
    try {
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${server.port}/api/workflow/execute`, {
        method: "POST",
        headers: { ...bearer(t.token), "content-type": "application/json", accept: "application/x-ndjson" },
        body: JSON.stringify({ workflow: slow, cancel_on_disconnect: true }),
        signal: controller.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"tool_id":"count"');
      await waitUntil(() => t.engine?.stats().busy === 1, "the count to be running");
      controller.abort();
      await reader.read().catch(() => undefined);
      await waitUntil(() => t.engine?.stats().busy === 0, "the engine to stop", 2_000);
      expect(existsSync(never)).toBe(false);
      const archived = async () => {
        const list = await fetch(`http://127.0.0.1:${server.port}/api/archive/list`, { headers: bearer(t.token) });
        const { archives } = (await list.json()) as { archives: { workflow_name: string; status: string }[] };
        return archives.find((a) => a.workflow_name === "w-cancel")?.status;
      };
      await waitUntil(async () => (await archived()) !== undefined, "the archive entry");
      expect(await archived()).toBe("cancelled");
    } finally {
      server.stop(true);
    }
  }, 60_000);
});

describe("a streamed run past MAX_EXECUTION_TIME_SECONDS", () => {
  test("stops at the limit as a JSON request does: the last line is the 504, after the tools that ran", async () => {
    // Long enough for the CSV Input to end inside it on a busy machine too.
    const limitMs = 2_000;
    // One tool at a time, in the workflow's order: the CSV Input (lazy, it ends at once) ends
    // before the slow count starts, and that holds the executor's thread until it is killed.
    const limited = await makeTestApp({
      env: { MAX_EXECUTION_TIME_SECONDS: String(limitMs / 1000), EXECUTION_MODE: "sequential", ENGINE_PROCESSES: "1" },
    });
    try {
      mkdirSync(join(limited.dataDir, "files"));
      const db = writeEmptySqlite(join(limited.dataDir, "files", "empty.db"));
      const quick = writeCsv(join(limited.dataDir, "files", "q.csv"), ["n"], [[1]]);
      const slow = workflow("w-slow-stream", [
        { id: "a", type: "input", config: { source: quick } },
        countingInput("s", db, SLOW_COUNT),
      ]);
      // Without the limit, the run would go on for far longer than the test may (hours), on any machine.
      expect(countingMs(SLOW_COUNT)).toBeGreaterThan(100 * limitMs);
      // The executor's start-up would count against the limit: wait until it is ready.
      limited.engine?.warm();
      await waitUntil(() => limited.engine?.stats().idle === 1, "the executor to be ready");
      const res = await limited.app.request("/api/workflow/execute", {
        method: "POST",
        headers: { ...bearer(limited.token), "content-type": "application/json", accept: "application/x-ndjson" },
        body: JSON.stringify({ workflow: slow }),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      const lines = text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as RunStreamLine);
      const byTool = checkOrder(lines);
      expect(byTool.get("a")).toEqual(["running", "success"]);
      // The slow count was still stepping when the executor was stopped: it never ended.
      expect(byTool.get("s")).toEqual(["running"]);
      const last = lines[lines.length - 1] as { event: string; status: number; detail: string };
      expect(last).toMatchObject({ event: "error", status: 504 });
      expect(last.detail).toContain("MAX_EXECUTION_TIME_SECONDS");
    } finally {
      await limited.close();
    }
  }, 30_000);
});
