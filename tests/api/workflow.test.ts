import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { TOOL_TYPES } from "../../src/tools/types";
import { seededRandom } from "../helpers/seeded-random";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

interface Row {
  id: number;
  region: string;
  qty: number | null;
  price: number;
}

const REGIONS = ["north", "süd", "東", "west"];
const random = seededRandom(7);
const ROWS: Row[] = Array.from({ length: 1500 }, (_, i) => ({
  id: i + 1,
  region: REGIONS[Math.floor(random() * REGIONS.length)] as string,
  qty: random() < 0.1 ? null : Math.floor(random() * 10),
  price: Math.round(random() * 10_000) / 100,
}));
const asArrays = (rows: Row[]) => rows.map((r) => [r.id, r.region, r.qty, r.price]);

let t: TestApp;
let files: string;
let sales: string;

const post = (path: string, body: unknown) =>
  t.app.request(`/api/workflow/${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const json = async (res: Response): Promise<any> => res.json();

const salesFilterSort = (id: string, threshold = 5): Workflow =>
  workflow(
    id,
    [
      { id: "in", type: "input", config: { source: sales } },
      { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: threshold } },
      { id: "sorted", type: "sort", config: { by: [{ column: "price", descending: true }, { column: "id" }] } },
      { id: "top", type: "sample", config: { method: "first", n: 10 } },
    ],
    ["in -> big", "big:output-true -> sorted", "sorted -> top"],
  );

const cacheFiles = (workflowId: string) => {
  const dir = join(t.dataDir, "cache", workflowId);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".arrow"))
        .map((f) => join(dir, f))
    : [];
};

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  sales = writeCsv(join(files, "sales.csv"), ["id", "region", "qty", "price"], asArrays(ROWS));
});
afterAll(() => t.close());

describe("previews", () => {
  test("a filter's two outputs, computed independently", async () => {
    const res = await post("tool/execute", {
      tool_id: "big",
      workflow: salesFilterSort("w-filter"),
      preview_limit: 50,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    const yes = ROWS.filter((r) => r.qty !== null && r.qty > 5);
    const no = ROWS.filter((r) => !(r.qty !== null && r.qty > 5));
    expect(body.tool_id).toBe("big");
    expect(body.outputs["output-true"].columns).toEqual([
      { name: "id", dtype: "Int64" },
      { name: "region", dtype: "String" },
      { name: "qty", dtype: "Int64" },
      { name: "price", dtype: "Float64" },
    ]);
    expect(body.outputs["output-true"].data).toEqual(asArrays(yes.slice(0, 50)));
    expect(body.outputs["output-true"]).toMatchObject({ row_count: 50, has_more: true });
    expect(body.outputs["output-false"].data).toEqual(asArrays(no.slice(0, 50)));
  });

  test("socket_id previews that output only; an unknown one is a 400 naming the sockets", async () => {
    const res = await post("tool/execute", {
      tool_id: "big",
      workflow: salesFilterSort("w-socket"),
      preview_limit: 20,
      socket_id: "output-false",
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body.outputs)).toEqual(["output-false"]);
    const no = ROWS.filter((r) => !(r.qty !== null && r.qty > 5));
    expect(body.outputs["output-false"].data).toEqual(asArrays(no.slice(0, 20)));
    expect(body.outputs["output-false"]).toMatchObject({ row_count: 20, has_more: true });

    const wrong = await post("tool/execute", {
      tool_id: "big",
      workflow: salesFilterSort("w-socket"),
      socket_id: "output",
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).detail).toBe(
      'Tool "big" has no output socket "output" (sockets: output-true, output-false)',
    );
  });

  test("a preview_limit above max_preview_rows is clamped", async () => {
    const res = await post("tool/execute", {
      tool_id: "in",
      workflow: salesFilterSort("w-clamp"),
      preview_limit: 100_000,
    });
    const body = await json(res);
    expect(body.outputs.output.row_count).toBe(1000);
    expect(body.outputs.output.has_more).toBe(true);
  });

  test("preview_all answers every tool, each with its sockets", async () => {
    const res = await post("preview_all", { workflow: salesFilterSort("w-all"), preview_limit: 5 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(["big", "in", "sorted", "top"]);
    expect(Object.keys(body.big.outputs).sort()).toEqual(["output-false", "output-true"]);
    const expected = ROWS.filter((r) => r.qty !== null && r.qty > 5).sort((a, b) => b.price - a.price || a.id - b.id);
    expect(body.top.outputs.output.data).toEqual(asArrays(expected.slice(0, 5)));
    expect(body.top.outputs.output.has_more).toBe(true);
    // The sort ran once for itself and for the sample below it: one stored result.
    expect(cacheFiles("w-all")).toHaveLength(1);
  });

  test("preview_all reports a failing tool and its downstream, and still previews the rest", async () => {
    const w = salesFilterSort("w-all-bad");
    (w.tools[1] as { config: unknown }).config = { mode: "basic", column: "nope", operator: ">", value: 1 };
    const body = await json(await post("preview_all", { workflow: w }));
    expect(body.in.outputs.output.row_count).toBe(100);
    expect(body.big.error.detail).toContain("nope");
    expect(body.big.error.status).toBe(400);
    expect(body.sorted.error.detail).toContain('"big"');
  });

  test("preview_all: a tool just added (unwired, or with a config that does not parse) fails alone", async () => {
    const w = salesFilterSort("w-all-new");
    w.tools.push({ id: "fresh", type: "summarize", config: {} });
    w.tools.push({ id: "odd", type: "sort", config: { by: "price" } });
    w.wires.push({ source: "sorted", source_socket: "output", target: "odd", target_socket: "input" });
    const res = await post("preview_all", { workflow: w, preview_limit: 3 });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.top.outputs.output.row_count).toBe(3);
    expect(body.fresh.error.status).toBe(400);
    expect(body.fresh.error.detail).toContain("is not connected");
    expect(body.odd.error.status).toBe(400);
    expect(body.odd.error.detail).toContain('Tool "odd"');
    // The other routes still refuse the tool, with the same message.
    const alone = await post("tool/execute", { tool_id: "odd", workflow: w });
    expect(alone.status).toBe(400);
    expect((await json(alone)).detail).toBe(body.odd.error.detail);
  });

  test("schema comes from the plan, with Polars dtype names", async () => {
    const res = await post("tool/schema", { tool_id: "top", workflow: salesFilterSort("w-schema") });
    const body = await json(res);
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(["id", "region", "qty", "price"]);
    expect(body.socket_id).toBe("output");
  });

  test("metadata lists the columns a tool receives", async () => {
    const body = await json(await post("tool/metadata", { tool_id: "big", workflow: salesFilterSort("w-meta") }));
    expect(body.columns).toEqual(["id", "region", "qty", "price"]);
    expect(body.functions.column_methods.string).toContain("to_uppercase");
  });
});

describe("the cache", () => {
  const sortedMetric = async (w: Workflow, target = "sorted") => {
    const body = await json(await post("tool/execute", { tool_id: target, workflow: w, preview_limit: 3 }));
    const metric = body.metrics.tools.find((m: { tool_id: string }) => m.tool_id === "sorted");
    return { body, cache: metric.cache as string };
  };
  const top3 = (threshold: number) =>
    asArrays(
      ROWS.filter((r) => r.qty !== null && r.qty > threshold)
        .sort((a, b) => b.price - a.price || a.id - b.id)
        .slice(0, 3),
    );

  test("a second identical preview is a hit, a changed upstream config a miss", async () => {
    const first = await sortedMetric(salesFilterSort("w-cache"));
    expect(first.cache).toBe("miss");
    expect(first.body.outputs.output.data).toEqual(top3(5));
    const second = await sortedMetric(salesFilterSort("w-cache"));
    expect(second.cache).toBe("hit");
    expect(second.body.outputs.output.data).toEqual(top3(5));
    const changed = await sortedMetric(salesFilterSort("w-cache", 7));
    expect(changed.cache).toBe("miss");
    expect(changed.body.outputs.output.data).toEqual(top3(7));
  });

  test("changing only a downstream tool reuses the upstream result", async () => {
    await sortedMetric(salesFilterSort("w-down"));
    const w = salesFilterSort("w-down");
    (w.tools[3] as { config: unknown }).config = { method: "first", n: 2 };
    const { body, cache } = await sortedMetric(w, "top");
    expect(cache).toBe("hit");
    expect(body.outputs.output.data).toEqual(top3(5).slice(0, 2));
  });

  test("a truncated cache file is recomputed, not an error", async () => {
    await sortedMetric(salesFilterSort("w-trunc"));
    const [entry] = cacheFiles("w-trunc");
    expect(entry).toBeDefined();
    truncateSync(entry as string, Math.floor(statSync(entry as string).size / 2));
    const again = await sortedMetric(salesFilterSort("w-trunc"));
    expect(again.cache).toBe("miss");
    expect(again.body.outputs.output.data).toEqual(top3(5));
  });

  test("a cache file damaged inside (its head and tail intact) is recomputed, not an error", async () => {
    await sortedMetric(salesFilterSort("w-damaged"));
    const [entry] = cacheFiles("w-damaged");
    expect(entry).toBeDefined();
    const bytes = readFileSync(entry as string);
    for (let i = 8; i < bytes.length - 10; i++) bytes[i] = ((bytes[i] as number) * 31 + 7) & 0xff;
    writeFileSync(entry as string, bytes);
    const again = await sortedMetric(salesFilterSort("w-damaged"));
    expect(again.cache).toBe("miss");
    expect(again.body.outputs.output.data).toEqual(top3(5));
  });

  test("cache/clear removes the workflow's entries only", async () => {
    await sortedMetric(salesFilterSort("w-clear-a"));
    await sortedMetric(salesFilterSort("w-clear-b"));
    const res = await post("cache/clear", { workflow_id: "w-clear-a" });
    expect(await json(res)).toMatchObject({ status: "cleared", workflow_id: "w-clear-a" });
    expect(cacheFiles("w-clear-a")).toEqual([]);
    expect(cacheFiles("w-clear-b").length).toBeGreaterThan(0);
    expect((await sortedMetric(salesFilterSort("w-clear-a"))).cache).toBe("miss");
  });
});

describe("outputs", () => {
  const withOutput = (id: string, path: string, extra: Record<string, unknown> = {}) =>
    workflow(
      id,
      [
        { id: "in", type: "input", config: { source: sales } },
        { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: 5 } },
        { id: "out", type: "output", config: { path, ...extra } },
      ],
      ["in -> big", "big:output-true -> out"],
    );

  test("previews, schemas and metadata never write; a full run does", async () => {
    const target = join(files, "out", "big.csv");
    const w = withOutput("w-out", target);
    for (const [path, body] of [
      ["tool/execute", { tool_id: "out", workflow: w }],
      ["tool/schema", { tool_id: "out", workflow: w }],
      ["tool/metadata", { tool_id: "out", workflow: w }],
      ["preview_all", { workflow: w }],
    ] as const) {
      expect((await post(path, body)).status).toBe(200);
      expect(existsSync(target)).toBe(false);
    }
    const res = await post("execute", { workflow: w, preview_limit: 2 });
    expect(res.status).toBe(200);
    const body = await json(res);
    const expected = ROWS.filter((r) => r.qty !== null && r.qty > 5);
    expect(body.status).toBe("success");
    expect(body.written).toEqual([{ tool_id: "out", path: target, rows: expected.length }]);
    expect(body.outputs.out.output.data).toEqual(asArrays(expected.slice(0, 2)));
    expect(body.metrics.tools.map((m: { tool_id: string }) => m.tool_id).sort()).toEqual(["big", "in", "out"]);
    const text = await Bun.file(target).text();
    expect(text.trim().split("\n").length).toBe(expected.length + 1);
  });

  test('if_exists "fail" refuses to overwrite', async () => {
    const target = join(files, "once.csv");
    const w = withOutput("w-once", target, { if_exists: "fail" });
    expect((await post("execute", { workflow: w })).status).toBe(200);
    const again = await post("execute", { workflow: w });
    expect(again.status).toBe(400);
    expect((await json(again)).detail).toContain("once.csv");
  });

  test("every writable format is written by a run and reads back with the same rows", async () => {
    const expected = ROWS.filter((r) => r.qty !== null && r.qty > 5);
    for (const extension of ["csv", "tsv", "parquet", "arrow", "feather", "ipc", "json", "ndjson", "avro", "xlsx"]) {
      const target = join(files, "formats", `big.${extension}`);
      const res = await post("execute", { workflow: withOutput(`w-${extension}`, target) });
      expect(res.status, extension).toBe(200);
      const back = await post("tool/execute", {
        tool_id: "back",
        preview_limit: 1000,
        workflow: workflow(`w-back-${extension}`, [{ id: "back", type: "input", config: { source: target } }]),
      });
      const body = await json(back);
      expect(back.status, `${extension}: ${body.detail}`).toBe(200);
      expect(body.outputs.output.row_count, extension).toBe(expected.length);
      expect(body.outputs.output.data, extension).toEqual(asArrays(expected));
    }
  });

  test("an .xls or .xlsb output is refused (Excel is written as .xlsx), before anything runs", async () => {
    for (const extension of ["xls", "xlsb"]) {
      const target = join(files, `old.${extension}`);
      const res = await post("execute", { workflow: withOutput(`w-${extension}`, target) });
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toContain(".xlsx");
      expect(existsSync(target)).toBe(false);
    }
  });

  test("an output outside the granted folders is 403", async () => {
    const res = await post("execute", { workflow: withOutput("w-escape", "/tmp/../etc/weft-escape.csv") });
    expect(res.status).toBe(403);
    expect(existsSync("/etc/weft-escape.csv")).toBe(false);
  });
});

describe("bad requests", () => {
  const base = () => salesFilterSort("w-bad");
  const cases: [string, (w: Workflow) => void, string][] = [
    [
      "an unknown tool type",
      (w) => {
        (w.tools[1] as { type: string }).type = "teleport";
      },
      "big",
    ],
    [
      "a cycle",
      (w) => {
        w.wires.push({ source: "top", source_socket: "output", target: "big", target_socket: "input" });
      },
      "big",
    ],
    [
      "a wire to a missing tool",
      (w) => {
        w.wires.push({ source: "top", source_socket: "output", target: "ghost", target_socket: "input" });
      },
      "ghost",
    ],
    [
      "an unwired input",
      (w) => {
        w.wires = w.wires.filter((x) => x.target !== "sorted");
      },
      "sorted",
    ],
    [
      "duplicate ids",
      (w) => {
        w.tools.push({ id: "sorted", type: "sort", config: { by: [{ column: "id" }] } });
      },
      "sorted",
    ],
    [
      "an unknown socket",
      (w) => {
        (w.wires[1] as { source_socket: string }).source_socket = "output-maybe";
      },
      "big",
    ],
    [
      "an unknown column",
      (w) => {
        (w.tools[2] as { config: unknown }).config = { by: [{ column: "prize" }] };
      },
      "prize",
    ],
  ];
  test.each(cases)("%s is a 400 naming the tool, and the Server stays healthy", async (_, mutate, named) => {
    const w = base();
    mutate(w);
    const res = await post("tool/execute", { tool_id: "top", workflow: w });
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toContain(named);
    expect((await t.app.request("/api/health/")).status).toBe(200);
  });

  test("a missing input file is a 404 naming the path (decisions.md)", async () => {
    const missing = join(files, "nowhere.csv");
    const w = workflow("w-missing", [{ id: "in", type: "input", config: { source: missing } }]);
    const res = await post("tool/execute", { tool_id: "in", workflow: w });
    expect(res.status).toBe(404);
    expect((await json(res)).detail).toContain(missing);
  });

  test("a request that is not a workflow is a 400", async () => {
    const res = await post("tool/execute", { tool_id: "x", workflow: { tools: "no" } });
    expect(res.status).toBe(400);
  });
});

describe("tool config schemas", () => {
  test.each([...TOOL_TYPES])("%s has a JSON schema", async (type) => {
    const res = await t.app.request(`/api/workflow/tool/${type}/schema`, { headers: bearer(t.token) });
    expect(res.status).toBe(200);
    const schema = await json(res);
    expect(schema.$schema).toContain("json-schema.org");
    expect(JSON.stringify(schema).length).toBeGreaterThan(40);
  });
  test("an unknown type is a 404", async () => {
    expect((await t.app.request("/api/workflow/tool/teleport/schema", { headers: bearer(t.token) })).status).toBe(404);
  });
});
