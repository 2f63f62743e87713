import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { FILE_FORMATS, writableExtensions } from "../../src/formats/registry";
import { sampleFrame } from "../helpers/format-samples";
import { HAS_REAL_FIXTURES, REAL_FIXTURES, SKIP_NOTE } from "../helpers/real-fixtures";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * One file, three paths: POST /datasource/inspect, POST /datasource/preview and the Input tool
 * (POST /workflow/tool/execute) must agree on columns, dtypes and rows, for every format:
 * files our writers make, and every real file written by other software.
 */

let t: TestApp;
let files: string;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
const post = async (path: string, body: unknown): Promise<Answer> => {
  const res = await t.app.request(`/api${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

/** Real files that must read (the negative fixtures and the reference copies are not inputs). */
const NEGATIVE = new Set(["damaged.qvd", "pass_protected.xlsx"]);
function realFiles(): string[] {
  if (!HAS_REAL_FIXTURES) return [];
  const extensions = new Set(FILE_FORMATS.flatMap((f) => [...f.extensions]));
  return readdirSync(REAL_FIXTURES, { recursive: true, encoding: "utf8" })
    .filter((name) => name.includes("/") && !name.includes(".expected.") && !NEGATIVE.has(basename(name)))
    .filter((name) => extensions.has(name.split(".").pop()?.toLowerCase() ?? ""))
    .map((name) => join(REAL_FIXTURES, name))
    .sort();
}

/** One file per writable extension, written by our own writers from the sample table. */
function writtenFiles(): string[] {
  const out: string[] = [];
  for (const format of FILE_FORMATS) {
    for (const extension of writableExtensions(format)) {
      const path = join(files, `sample-${format.type}.${extension}`);
      format.write?.(sampleFrame().lazy(), path, extension === "tsv" || extension === "tab" ? { delimiter: "\t" } : {});
      out.push(path);
    }
  }
  return out;
}

async function threePaths(path: string) {
  const inspect = await post("/datasource/inspect", { source: path });
  const preview = await post("/datasource/preview", { source: path, options: { max_rows: 1000 } });
  const tool = await post("/workflow/tool/execute", {
    tool_id: "in",
    preview_limit: 1000,
    workflow: workflow("w-ds", [{ id: "in", type: "input", config: { source: path } }]),
  });
  return { inspect, preview, tool };
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "weft-ds-files-"));
  const roots = [files, ...(HAS_REAL_FIXTURES ? [`${REAL_FIXTURES}:ro`] : [])];
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: roots.join(",") } });
});
afterAll(async () => {
  await t.close();
  rmSync(files, { recursive: true, force: true });
});

describe("GET /api/datasource/supported", () => {
  test("lists every file type, then the four databases, and every extension of the registry", async () => {
    const res = await t.app.request("/api/datasource/supported", { headers: bearer(t.token) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.source_types).toEqual([...FILE_FORMATS.map((f) => f.type), "postgresql", "mysql", "sqlite", "mssql"]);
    expect([...body.file_extensions].sort()).toEqual(FILE_FORMATS.flatMap((f) => [...f.extensions]).sort());
  });
});

describe("inspect, preview and the Input tool agree", () => {
  test("on files our writers made, for every writable extension", async () => {
    const paths = writtenFiles();
    expect(paths.length).toBeGreaterThanOrEqual(FILE_FORMATS.filter((f) => f.write).length);
    for (const path of paths) {
      const { inspect, preview, tool } = await threePaths(path);
      const where = `${basename(path)}: ${JSON.stringify([inspect.body.detail, preview.body.detail, tool.body.detail])}`;
      expect([inspect.status, preview.status, tool.status], where).toEqual([200, 200, 200]);
      const output = tool.body.outputs.output;
      expect(inspect.body.data_schema.columns, where).toEqual(output.columns);
      expect(preview.body.columns, where).toEqual(output.columns.map((c: { name: string }) => c.name));
      expect(preview.body.dtypes, where).toEqual(output.columns.map((c: { dtype: string }) => c.dtype));
      expect(preview.body.data, where).toEqual(output.data);
      expect(inspect.body.data_schema.total_rows, where).toBe(4);
      expect(preview.body.total_rows, where).toBe(4);
      expect(output.row_count, where).toBe(4);
    }
  }, 60_000);

  test.skipIf(!HAS_REAL_FIXTURES)(
    `on every real file written by other software${SKIP_NOTE}`,
    async () => {
      const paths = realFiles();
      expect(paths.length).toBeGreaterThanOrEqual(20);
      for (const path of paths) {
        const { inspect, preview, tool } = await threePaths(path);
        const where = `${path}: ${JSON.stringify([inspect.body.detail, preview.body.detail, tool.body.detail])}`;
        expect([inspect.status, preview.status, tool.status], where).toEqual([200, 200, 200]);
        const output = tool.body.outputs.output;
        expect(inspect.body.data_schema.columns, where).toEqual(output.columns);
        expect(preview.body.dtypes, where).toEqual(output.columns.map((c: { dtype: string }) => c.dtype));
        expect(preview.body.data, where).toEqual(output.data);
        const total = inspect.body.data_schema.total_rows;
        expect(preview.body.total_rows, where).toBe(total);
        expect(output.row_count, where).toBe(Math.min(total, 1000));
        expect(preview.body.preview_rows, where).toBe(Math.min(total, 1000));
      }
    },
    120_000,
  );
});

describe("preview windows", () => {
  test("offset and a column subset select the same rows and columns as the Input tool", async () => {
    const path = join(files, "window.csv");
    writeFileSync(path, `a,b,c\n${Array.from({ length: 250 }, (_, i) => `${i},x${i},${i * 2}`).join("\n")}\n`);
    const { status, body } = await post("/datasource/preview", {
      source: path,
      options: { max_rows: 20, offset: 200, columns: ["c", "a"] },
    });
    expect(status).toBe(200);
    expect(body.columns).toEqual(["c", "a"]);
    expect(body.data).toEqual(Array.from({ length: 20 }, (_, i) => [(200 + i) * 2, 200 + i]));
    expect(body.total_rows).toBe(250);
    expect(body.preview_rows).toBe(20);
    const past = await post("/datasource/preview", { source: path, options: { offset: 1000 } });
    expect(past.body.data).toEqual([]);
    expect(past.body.total_rows).toBe(250);
  });

  test("an unknown column in the subset is a 400 listing the columns", async () => {
    const path = join(files, "window.csv");
    const { status, body } = await post("/datasource/preview", { source: path, options: { columns: ["zz"] } });
    expect(status).toBe(400);
    expect(body.detail).toContain('"zz"');
    expect(body.detail).toContain("a, b, c");
  });

  test.skipIf(!HAS_REAL_FIXTURES)(
    `a workbook's sheets are listed, and the sheet option picks one${SKIP_NOTE}`,
    async () => {
      for (const file of [
        join(REAL_FIXTURES, "xlsx", "any_sheets.xlsx"),
        join(REAL_FIXTURES, "ods", "any_sheets.ods"),
      ]) {
        const { status, body } = await post("/datasource/inspect", { source: file });
        expect(status).toBe(200);
        expect(body.sheets.length, file).toBeGreaterThanOrEqual(2);
        let read = 0;
        for (const [index, sheet] of (body.sheets as string[]).entries()) {
          const byName = await post("/datasource/preview", { source: file, config: { sheet } });
          const byIndex = await post("/datasource/preview", { source: file, config: { sheet: index } });
          expect(byIndex, `${file} sheet ${index}`).toEqual(byName);
          if (byName.status === 200) read++;
          else expect(byName.body.detail).toContain(sheet);
        }
        expect(read, file).toBeGreaterThanOrEqual(1);
        const unknown = await post("/datasource/preview", { source: file, config: { sheet: "no such sheet" } });
        expect(unknown.status).toBe(400);
        expect(unknown.body.detail).toContain(body.sheets[0]);
      }
      const csv = await post("/datasource/inspect", { source: join(files, "window.csv") });
      expect(csv.body.sheets).toBeUndefined();
    },
  );

  test("max_rows above MAX_PREVIEW_ROWS is clamped to it", async () => {
    const path = join(files, "long.csv");
    writeFileSync(path, `n\n${Array.from({ length: 1500 }, (_, i) => i).join("\n")}\n`);
    const { body } = await post("/datasource/preview", { source: path, options: { max_rows: 5000 } });
    expect(body.preview_rows).toBe(1000);
    expect(body.total_rows).toBe(1500);
  });
});

describe("bad files are 400s naming the file; the Server stays healthy", () => {
  test("empty, garbage and mislabelled files of every extension", async () => {
    for (const format of FILE_FORMATS) {
      for (const extension of format.extensions) {
        const empty = join(files, `empty.${extension}`);
        writeFileSync(empty, "");
        const answer = await post("/datasource/inspect", { source: empty });
        expect(answer.status, `empty.${extension}`).toBe(400);
        expect(answer.body.detail).toContain(empty);
      }
    }
    // A CSV named .parquet (its content proves nothing, so the extension decides and fails).
    const mislabelled = join(files, "really-text.parquet");
    writeFileSync(mislabelled, "a,b\n1,2\n");
    const answer = await post("/datasource/inspect", { source: mislabelled });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(mislabelled);
    // A wrong explicit type.
    const csv = join(files, "plain.csv");
    writeFileSync(csv, "a,b\n1,2\n");
    for (const type of FILE_FORMATS.map((f) => f.type).filter((x) => x !== "csv")) {
      const wrong = await post("/datasource/preview", { source: csv, source_type: type });
      expect(wrong.status, `csv read as ${type}: ${JSON.stringify(wrong.body)}`).toBe(400);
      expect(wrong.body.detail).toContain(csv);
    }
    expect((await t.app.request("/api/health/")).status).toBe(200);
  }, 60_000);

  test("a Parquet file named .csv is read by its content, with a warning", async () => {
    const path = join(files, "named-wrong.csv");
    const parquet = FILE_FORMATS.find((f) => f.type === "parquet");
    parquet?.write?.(sampleFrame().lazy(), join(files, "right.parquet"), {});
    copyFileSync(join(files, "right.parquet"), path);
    const { status, body } = await post("/datasource/inspect", { source: path });
    expect(status).toBe(200);
    expect(body.source_type).toBe("parquet");
    expect(body.data_schema.total_rows).toBe(4);
    expect(body.validation.warnings.join(" ")).toContain("named .csv");
  });

  test.skipIf(!HAS_REAL_FIXTURES)(
    "truncated copies of every binary file give 400s naming the copy",
    async () => {
      const text = new Set(["csv", "json"]);
      const sources = [...realFiles(), ...writtenFiles()].filter(
        (p) => !text.has(FILE_FORMATS.find((f) => f.extensions.includes(p.split(".").pop() ?? ""))?.type ?? ""),
      );
      let checked = 0;
      for (const source of sources) {
        const bytes = readFileSync(source);
        for (const fraction of [0.1, 0.5, 0.9]) {
          const cut = Math.max(1, Math.floor(bytes.length * fraction));
          const copy = join(files, `cut-${Math.round(fraction * 100)}-${basename(source)}`);
          writeFileSync(copy, bytes.subarray(0, cut));
          for (const route of ["/datasource/inspect", "/datasource/preview"]) {
            const answer = await post(route, { source: copy });
            expect(answer.status, `${route} ${copy}: ${JSON.stringify(answer.body)}`).toBe(400);
            expect(answer.body.detail).toContain(copy);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(60);
      expect((await t.app.request("/api/health/")).status).toBe(200);
    },
    120_000,
  );

  test("a path outside the granted folders is a 403, a missing file a 4xx naming it", async () => {
    const outside = await post("/datasource/inspect", { source: "/etc/passwd" });
    expect(outside.status).toBe(403);
    const traversal = await post("/datasource/preview", { source: `${files}/../../../etc/passwd` });
    expect(traversal.status).toBe(403);
    const missing = await post("/datasource/inspect", { source: join(files, "nope.csv") });
    expect([400, 404]).toContain(missing.status);
    expect(missing.body.detail).toContain("nope.csv");
  });
});
