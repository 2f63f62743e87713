import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildTestQvd, qvdBytes } from "../../src/formats/qvd/qvd-writer.fixture";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

/*
 * Issue 14, item 4: previews are bounded in bytes, not only in rows. Long text and binary
 * values are cut to MAX_PREVIEW_VALUE_CHARS with a marker giving the full length, and the
 * rows are cut to MAX_PREVIEW_BYTES. Sizes are measured on the answer's bytes.
 */

describe("preview answers stay under a byte bound", () => {
  let t: TestApp;
  let files: string;
  const post = async (path: string, body: unknown) => {
    const res = await t.app.request(`/api${path}`, {
      method: "POST",
      headers: { ...bearer(t.token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
  };
  const healthy = async () => expect((await t.app.request("/api/health/")).status).toBe(200);

  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1", MAX_PREVIEW_BYTES: "200000" } });
    files = join(t.dataDir, "files");
    mkdirSync(files);
  });
  afterAll(() => t.close());

  test("a SQLite query of three 5 MB blobs and texts answers each cut to 10,000 bytes with its full length", async () => {
    const path = join(files, "blobs.db");
    const db = new Database(path);
    db.run("CREATE TABLE t (b BLOB, s TEXT)");
    for (let i = 0; i < 3; i++) db.run("INSERT INTO t VALUES (zeroblob(5000000), printf('%.*c', 5000000, 'x'))");
    db.close();
    const { status, bytes, body } = await post("/datasource/preview", {
      source_type: "sqlite",
      config: { connection: { uri: path }, query: "SELECT b, s FROM t" },
    });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(3);
    // 10,000 zero bytes in base64, then the marker; the text's first 10,000 characters, then its marker.
    const blob = `${Buffer.alloc(10_000).toString("base64")}…[cut: 5,000,000 bytes]`;
    const text = `${"x".repeat(10_000)}…[cut: 5,000,000 characters]`;
    expect(body.data).toEqual([
      [blob, text],
      [blob, text],
      [blob, text],
    ]);
    expect(body.dtypes).toEqual(["Binary", "String"]);
    expect(bytes).toBeLessThan(200_000);
    await healthy();
  });

  test("a QVD whose one 1 MB text fills 2,000 rows previews cut, in the Input tool and the datasource route", async () => {
    const big = "q".repeat(1_000_000);
    const built = buildTestQvd({
      fields: [{ name: "s", symbols: [{ text: big }] }],
      rows: Array.from({ length: 2_000 }, () => [0]),
    });
    const path = join(files, "big.qvd");
    writeFileSync(path, qvdBytes(built));
    const cut = `${"q".repeat(10_000)}…[cut: 1,000,000 characters]`;
    const source = await post("/datasource/preview", { source: path, options: { max_rows: 1000 } });
    expect(source.status).toBe(200);
    // 1,000 rows of 10,030 bytes would be 10 MB: the rows stop at MAX_PREVIEW_BYTES (200,000).
    expect(source.body.data.length).toBe(19);
    expect(source.body.data[0]).toEqual([cut]);
    expect(source.bytes).toBeLessThan(200_000 + 1_000);
    const tool = await post("/workflow/tool/execute", {
      tool_id: "in",
      preview_limit: 1000,
      workflow: workflow("w-qvd", [{ id: "in", type: "input", config: { source: path } }]),
    });
    expect(tool.status).toBe(200);
    const preview = tool.body.outputs.output;
    expect(preview).toMatchObject({ row_count: 19, has_more: true, bytes_limited: true });
    expect(preview.data[18]).toEqual([cut]);
    expect(tool.bytes).toBeLessThan(200_000 + 2_000);
    await healthy();
  });

  test("rows of values under the cut stop at MAX_PREVIEW_BYTES, saying so; small previews are whole", async () => {
    const rows = Array.from({ length: 100 }, (_, i) => [i, "v".repeat(9_000)]);
    const source = writeCsv(join(files, "wide.csv"), ["i", "s"], rows);
    const flow = workflow("w-wide", [{ id: "in", type: "input", config: { source } }]);
    const { status, bytes, body } = await post("/workflow/tool/execute", { tool_id: "in", workflow: flow });
    expect(status).toBe(200);
    const preview = body.outputs.output;
    // Each row is [i,"vvv…"]: 9,006 to 9,008 bytes of JSON, so 22 rows fit in 200,000.
    expect(preview).toMatchObject({ row_count: 22, has_more: true, bytes_limited: true });
    expect(preview.data).toHaveLength(22);
    expect(bytes).toBeLessThan(200_000 + 1_000);
    const small = await post("/workflow/tool/execute", { tool_id: "in", workflow: flow, preview_limit: 5 });
    expect(small.body.outputs.output).toEqual({
      columns: [
        { name: "i", dtype: "Int64" },
        { name: "s", dtype: "String" },
      ],
      data: rows.slice(0, 5),
      row_count: 5,
      has_more: true,
    });
    await healthy();
  });
});
