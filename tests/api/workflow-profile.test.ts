import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { PROFILE_METRICS } from "../../src/engine/profile-metrics";
import type { Workflow } from "../../src/shared/workflow";
import { expectColumnProfile, expectedProfile, type RefKind, type RefValue } from "../helpers/profile-reference";
import { seededRandom } from "../helpers/seeded-random";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 *   in (Parquet, 5,000 rows) ──► big (filter qty > 5) ─ output-false ─► sorted (by id desc) ──► out (CSV)
 *
 * Every profile is compared with the metrics computed in plain TypeScript over all rows,
 * while a preview of the same tool shows 100.
 */

const TEXTS = ["plain", "", " lead", "trail ", "line\nbreak", "crlf\r\n", "café", "東京", "Zeta", "\tboth "];
const N = 5_000;
const random = seededRandom(23);
const maybe = <T>(value: T, nullShare = 0.1): T | null => (random() < nullShare ? null : value);
const DAY0 = 19_000; // 2022-01-08

interface Row {
  id: number;
  name: string | null;
  qty: number | null;
  price: number | null;
  day: number | null;
}
const ROWS: Row[] = Array.from({ length: N }, (_, i) => ({
  id: i + 1,
  name: maybe(TEXTS[Math.floor(random() * TEXTS.length)] as string, 0.05),
  qty: maybe(Math.floor(random() * 12)),
  price: maybe(Math.round(random() * 100_000) / 100, 0.2),
  day: maybe(DAY0 + Math.floor(random() * 800)),
}));
const isoDay = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

/** Each column's kind and JS values, for the reference computation. */
const columnsOf = (rows: Row[]): Record<string, [RefKind, RefValue[]]> => ({
  id: ["numeric", rows.map((r) => r.id)],
  name: ["string", rows.map((r) => r.name)],
  qty: ["numeric", rows.map((r) => r.qty)],
  price: ["numeric", rows.map((r) => r.price)],
  day: ["temporal", rows.map((r) => (r.day === null ? null : isoDay(r.day)))],
});

let t: TestApp;
let files: string;
let source: string;

const post = (path: string, body: unknown) =>
  t.app.request(`/api/workflow/${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const json = async (res: Response): Promise<any> => res.json();

const pipeline = (id: string, outPath: string): Workflow =>
  workflow(
    id,
    [
      { id: "in", type: "input", config: { source } },
      { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: 5 } },
      { id: "sorted", type: "sort", config: { by: [{ column: "id", descending: true }] } },
      { id: "out", type: "output", config: { path: outPath } },
    ],
    ["in -> big", "big:output-false -> sorted", "sorted -> out"],
  );

const profile = (body: Record<string, unknown>) => post("tool/profile", body);

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  source = join(files, "table.parquet");
  pl.DataFrame({
    id: pl.Series(
      "id",
      ROWS.map((r) => r.id),
      pl.Int64,
    ),
    name: pl.Series(
      "name",
      ROWS.map((r) => r.name),
      pl.String,
    ),
    qty: pl.Series(
      "qty",
      ROWS.map((r) => r.qty),
      pl.Int64,
    ),
    price: pl.Series(
      "price",
      ROWS.map((r) => r.price),
      pl.Float64,
    ),
    day: pl
      .Series(
        "day",
        ROWS.map((r) => r.day),
        pl.Int32,
      )
      .cast(pl.Date),
  }).writeParquet(source);
});
afterAll(() => t.close());

describe("POST /api/workflow/tool/profile", () => {
  test("every metric of every column over the full data, not the preview", async () => {
    const w = pipeline("w-profile-full", join(files, "never.csv"));
    const preview = await json(await post("tool/execute", { tool_id: "in", workflow: w }));
    expect(preview.outputs.output.row_count).toBe(100);

    const res = await profile({ tool_id: "in", workflow: w, socket_id: "output" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ tool_id: "in", socket_id: "output", row_count: N });
    expect(Object.keys(body.columns)).toEqual(["id", "name", "qty", "price", "day"]);
    for (const [name, [kind, values]] of Object.entries(columnsOf(ROWS)))
      expectColumnProfile(body.columns[name], expectedProfile(kind, values));
    // The data has what the string metrics look for.
    expect(body.columns.name.contains_non_ascii).toBeGreaterThan(0);
    expect(body.columns.name.contains_linebreaks).toBeGreaterThan(0);
  });

  test("an Output tool's socket, downstream of a filter and a sort, is profiled and nothing is written", async () => {
    const target = join(files, "out", "profiled.csv");
    const w = pipeline("w-profile-out", target);
    const res = await profile({ tool_id: "out", workflow: w, socket_id: "output", columns: ["qty", "day"] });
    expect(res.status).toBe(200);
    const body = await json(res);
    const kept = ROWS.filter((r) => !(r.qty !== null && r.qty > 5));
    expect(body.row_count).toBe(kept.length);
    const expected = columnsOf(kept);
    for (const name of ["qty", "day"]) {
      const [kind, values] = expected[name] as [RefKind, RefValue[]];
      expectColumnProfile(body.columns[name], expectedProfile(kind, values));
    }
    expect(existsSync(target)).toBe(false);
  });

  test("a filter's second socket is profiled when asked for; no socket_id means the first", async () => {
    const w = pipeline("w-profile-socket", join(files, "never.csv"));
    const metrics = ["count", "null_count", "max"];
    const falseSide = await json(await profile({ tool_id: "big", workflow: w, socket_id: "output-false", metrics }));
    const trueSide = await json(await profile({ tool_id: "big", workflow: w, metrics }));
    expect(falseSide.socket_id).toBe("output-false");
    expect(trueSide.socket_id).toBe("output-true");
    const yes = ROWS.filter((r) => r.qty !== null && r.qty > 5);
    const pick = (p: Record<string, unknown>) => Object.fromEntries(metrics.map((m) => [m, p[m]]));
    expect(trueSide.columns.qty).toEqual(
      pick(
        expectedProfile(
          "numeric",
          yes.map((r) => r.qty),
        ),
      ),
    );
    expect(falseSide.columns.qty).toEqual(
      pick(
        expectedProfile(
          "numeric",
          ROWS.filter((r) => !yes.includes(r)).map((r) => r.qty),
        ),
      ),
    );
  });

  test("subsets of columns and metrics, and top_n", async () => {
    const w = pipeline("w-profile-subset", join(files, "never.csv"));
    const res = await profile({
      tool_id: "in",
      workflow: w,
      socket_id: "output",
      columns: ["price", "name"],
      metrics: ["top_values", "whitespace_leading", "median", "null_percent"],
      top_n: 3,
    });
    const body = await json(res);
    expect(Object.keys(body.columns)).toEqual(["price", "name"]);
    const price = expectedProfile(
      "numeric",
      ROWS.map((r) => r.price),
      3,
    );
    const name = expectedProfile(
      "string",
      ROWS.map((r) => r.name),
      3,
    );
    expect(Object.keys(body.columns.price)).toEqual(["null_percent", "median", "top_values"]);
    expect(body.columns.price.null_percent).toBe(price.null_percent);
    expect(body.columns.price.median).toBeCloseTo(price.median as number, 9);
    expect(body.columns.price.top_values).toEqual(price.top_values);
    expect(body.columns.name).toEqual({
      null_percent: name.null_percent,
      whitespace_leading: name.whitespace_leading,
      top_values: name.top_values,
    });
    const nulls = await json(await profile({ tool_id: "in", workflow: w, columns: null, metrics: null }));
    expect(Object.keys(nulls.columns)).toHaveLength(5);
    expect(Object.keys(nulls.columns.name)).toContain("top_values");
  });

  test("unknown columns, metrics and sockets are 400s naming them", async () => {
    const w = pipeline("w-profile-bad", join(files, "never.csv"));
    const column = await profile({ tool_id: "in", workflow: w, socket_id: "output", columns: ["qty", "prize"] });
    expect(column.status).toBe(400);
    expect((await json(column)).detail).toBe('Unknown column "prize" (columns: id, name, qty, price, day)');
    const metric = await profile({ tool_id: "in", workflow: w, socket_id: "output", metrics: ["avg"] });
    expect(metric.status).toBe(400);
    expect((await json(metric)).detail).toBe(`Unknown metric "avg" (metrics: ${PROFILE_METRICS.join(", ")})`);
    const socket = await profile({ tool_id: "big", workflow: w, socket_id: "output-maybe" });
    expect(socket.status).toBe(400);
    expect((await json(socket)).detail).toContain("output-maybe");
    const tool = await profile({ tool_id: "ghost", workflow: w, socket_id: "output" });
    expect(tool.status).toBe(400);
    expect((await json(tool)).detail).toContain("ghost");
    const topN = await profile({ tool_id: "in", workflow: w, top_n: 0 });
    expect(topN.status).toBe(400);
    expect((await json(topN)).detail).toContain("top_n");
  });
});
