import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import pl from "nodejs-polars";
import { collect, expectDataSourceError, rowsOf, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { scanIpc } from "./reader";

const tmp = tempFolder("ipc-read");
afterAll(tmp.cleanup);

/** Arrow's integration-test JSON (the `.expected.json.gz` beside a fixture): the expected contents. */
interface IntegrationJson {
  schema: { fields: { name: string }[] };
  batches: { columns: { name: string; VALIDITY: number[]; DATA: unknown[] }[] }[];
}

function expectedJson(name: string): IntegrationJson {
  return JSON.parse(gunzipSync(readFileSync(realFixture("arrow", name))).toString("utf8"));
}

/** One column's values across all batches, null where the validity bit is 0, mapped by `convert`. */
function expectedColumn(json: IntegrationJson, column: string, convert: (v: unknown) => unknown): unknown[] {
  return json.batches.flatMap((batch) => {
    const col = batch.columns.find((c) => c.name === column);
    if (!col) throw new Error(`no column ${column} in the expected JSON`);
    return col.DATA.map((value, i) => (col.VALIDITY[i] ? convert(value) : null));
  });
}

const fixtures = HAS_REAL_FIXTURES ? "real Arrow fixtures" : `real Arrow fixtures${SKIP_NOTE}`;

describe.skipIf(!HAS_REAL_FIXTURES)(fixtures, () => {
  const featherRow = { a: "one", b: 2, c: { c1: "inner", c2: 4, c3: 50 }, d: "four" };

  test("Feather files written by R arrow 2.0.0, uncompressed and zstd (MANIFEST: one row a, b, c{c1,c2,c3}, d)", () => {
    for (const name of ["data-arrow_2.0.0_uncompressed.feather", "data-arrow_2.0.0_zstd.feather"]) {
      expect(rowsOf(scanIpc(realFixture("arrow", name), {}))).toEqual([featherRow]);
    }
  });

  test("generated_zstd.arrow (zstd buffers) equals its expected JSON: 60 rows of ints and strs", () => {
    const json = expectedJson("generated_zstd.expected.json.gz");
    const frame = collect(scanIpc(realFixture("arrow", "generated_zstd.arrow"), {}));
    const ints = expectedColumn(json, "ints", Number);
    const strs = expectedColumn(json, "strs", String);
    expect(frame.height).toBe(60);
    expect(rowsOf(frame)).toEqual(ints.map((value, i) => ({ ints: value, strs: strs[i] })));
    expect(frame.getColumn("ints").get(30)).toBe(4200);
  });

  test("generated_nested.arrow: 17 rows, lists, fixed-size lists and structs with nulls at each level", () => {
    const frame = collect(scanIpc(realFixture("arrow", "generated_nested.arrow"), {}));
    expect(frame.height).toBe(17);
    expect(frame.columns).toEqual(["list_nullable", "fixedsizelist_nullable", "struct_nullable"]);
    expect(rowsOf(frame)[0]).toEqual({
      list_nullable: [null, 2147483647],
      fixedsizelist_nullable: [-2147483648, 2147483647, 1575414304, null],
      struct_nullable: { f1: null, f2: "Âkµnrde" },
    });
  });

  test("generated_primitive.arrow: 37 rows and the 30 columns of its expected JSON; text and int columns match", () => {
    // Binary columns make `dtypes`/`toRecords()` throw in nodejs-polars 0.26.1: check shape, then only
    // columns without binary data.
    const json = expectedJson("generated_primitive.expected.json.gz");
    const scanned = scanIpc(realFixture("arrow", "generated_primitive.arrow"), {});
    const whole = collect(scanned);
    expect(whole.height).toBe(37);
    expect(whole.columns).toEqual(json.schema.fields.map((f) => f.name));
    const some = collect(scanned.select("utf8_nullable", "int32_nonnullable", "bool_nullable"));
    expect<unknown[]>(some.getColumn("utf8_nullable").toArray()).toEqual(expectedColumn(json, "utf8_nullable", String));
    expect<unknown[]>(some.getColumn("int32_nonnullable").toArray()).toEqual(
      expectedColumn(json, "int32_nonnullable", Number),
    );
    expect<unknown[]>(some.getColumn("bool_nullable").toArray()).toEqual(
      expectedColumn(json, "bool_nullable", Boolean),
    );
  });

  test("a .feather file copied to .arrow, .ipc, no extension or a glob-like name reads the same", () => {
    const source = realFixture("arrow", "data-arrow_2.0.0_zstd.feather");
    for (const name of ["copy.arrow", "copy.ipc", "copy", "copy[1]*?.arrow"]) {
      const path = join(tmp.dir, name);
      copyFileSync(source, path);
      expect(rowsOf(scanIpc(path, {}))).toEqual([featherRow]);
    }
  });
});

describe("Arrow IPC stream files", () => {
  test("a file in the IPC stream format (no footer) is read whole", () => {
    const frame = pl.DataFrame({ n: [1, null, 3], s: ["ä", null, "c"] });
    const path = tmp.file("stream.arrows", frame.writeIPCStream());
    expect(collect(scanIpc(path, {})).toRecords()).toEqual([
      { n: 1, s: "ä" },
      { n: null, s: null },
      { n: 3, s: "c" },
    ]);
  });

  test("a truncated stream is a DataSourceError naming the file", () => {
    const bytes = pl.DataFrame({ n: Array.from({ length: 1000 }, (_, i) => i) }).writeIPCStream();
    const path = tmp.file("cut-stream.arrow", bytes.subarray(0, bytes.length - 200));
    expectDataSourceError(() => scanIpc(path, {}), path, "IPC stream");
  });
});

describe("Arrow IPC errors come at scan time and name the file", () => {
  const whole = () => pl.DataFrame({ n: Array.from({ length: 1000 }, (_, i) => i) }).writeIPC();
  const cases: [string, () => string, string][] = [
    ["missing file", () => join(tmp.dir, "nope.arrow"), "File not found: "],
    ["directory", () => tmp.folder("d.feather"), "directory"],
    ["empty file", () => tmp.file("empty.ipc", ""), "empty"],
    ["truncated file", () => tmp.file("cut.arrow", whole().subarray(0, 300)), "truncated"],
    ["header only", () => tmp.file("head.feather", "ARROW1\0\0"), "truncated"],
    ["CSV named .arrow", () => tmp.file("csv.arrow", "a,b\n1,2\n"), "not an Arrow IPC"],
  ];
  for (const [label, makePath, problem] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanIpc(path, {}), problem, path);
    });
  }
});
