import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import pl from "nodejs-polars";
import {
  collect,
  expectDataSourceError,
  failingFrame,
  SAMPLE_ROWS,
  sampleFrame,
  tempFolder,
} from "../../../tests/helpers/format-samples";
import { child, childrenNamed, parseXmlTree, type XmlElement } from "../xml/tree";
import { scanExcel } from "./reader";
import { EXCEL_MAX_CELL_CHARS, writeExcel } from "./writer";

const tmp = tempFolder("excel-write");
afterAll(tmp.cleanup);

const TEXTS = ["  leading", "trailing  ", " both ", "日本語 🚀 é", "_x0041_ stays literal", "tab\there", "", null];

function readBack(path: string) {
  const frame = collect(scanExcel(path, {}));
  return {
    columns: frame.columns,
    types: frame.dtypes.map(String),
    rows: frame.toRecords() as Record<string, unknown>[],
  };
}

/** The parts of an .xlsx package, parsed without SheetJS: cells by address, number formats by style. */
function unpack(path: string) {
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  const xml = (name: string): XmlElement => {
    const bytes = files[name];
    if (!bytes) throw new Error(`no ${name} in the package`);
    return parseXmlTree(strFromU8(bytes), name);
  };
  const shared = files["xl/sharedStrings.xml"] ? childrenNamed(xml("xl/sharedStrings.xml"), "si") : [];
  const styles = xml("xl/styles.xml");
  const formats = new Map(
    childrenNamed(child(styles, "numFmts") ?? styles, "numFmt").map((f) => [
      f.attributes.numFmtId,
      f.attributes.formatCode,
    ]),
  );
  const xfs = childrenNamed(child(styles, "cellXfs") ?? styles, "xf");
  const cells = new Map<string, { type: string; value: string; format: string | undefined }>();
  for (const row of childrenNamed(child(xml("xl/worksheets/sheet1.xml"), "sheetData") ?? styles, "row")) {
    for (const c of childrenNamed(row, "c")) {
      const type = c.attributes.t ?? "n";
      const raw = child(c, "v")?.text ?? "";
      const value = type === "s" ? (child(shared[Number(raw)] ?? c, "t")?.text ?? "") : raw;
      const formatId = xfs[Number(c.attributes.s ?? 0)]?.attributes.numFmtId;
      cells.set(c.attributes.r ?? "", { type, value, format: formatId ? formats.get(formatId) : undefined });
    }
  }
  const sheets = childrenNamed(child(xml("xl/workbook.xml"), "sheets") ?? styles, "sheet").map(
    (s) => s.attributes.name,
  );
  return { cells, sheets };
}

describe("writeExcel", () => {
  test("ints, floats, text, booleans, dates, date-times and nulls read back as written", () => {
    const path = join(tmp.dir, "sample.xlsx");
    expect(writeExcel(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
    const back = readBack(path);
    expect(back.columns).toEqual(["id", "price", "name", "ok", "day", "at"]);
    expect(back.types).toEqual([pl.Int64, pl.Float64, pl.String, pl.Bool, pl.Date, pl.Datetime("ms")].map(String));
    expect(back.rows).toEqual(SAMPLE_ROWS as unknown as Record<string, unknown>[]);
  });

  test("text keeps its spaces, unicode and literal _xHHHH_; times and durations come back typed", () => {
    const frame = pl.DataFrame([
      pl.Series("text", TEXTS),
      pl
        .Series(
          "clock",
          [0, 5_400_000, 86_399_999, null, 1, 43_200_000, 60_000, 0].map((ms) => (ms === null ? null : ms * 1_000_000)),
          pl.Int64,
        )
        .cast(pl.Time),
      pl.Series("elapsed", [918_610_000, -3_600_000, null, 1_500, 0, 1, 2, 3], pl.Int64).cast(pl.Duration("ms")),
    ]);
    const path = join(tmp.dir, "text.xlsx");
    writeExcel(frame.lazy(), path, {});
    const back = readBack(path);
    expect(back.types).toEqual([pl.String, pl.Time, pl.Duration("ms")].map(String));
    expect(back.rows.map((r) => r.text)).toEqual(TEXTS);
    expect(back.rows.map((r) => r.clock)).toEqual([
      "00:00:00",
      "01:30:00",
      "23:59:59.999",
      null,
      "00:00:00.001",
      "12:00:00",
      "00:01:00",
      "00:00:00",
    ]);
    expect(back.rows.map((r) => r.elapsed)).toEqual([918_610_000, -3_600_000, null, 1_500, 0, 1, 2, 3]);
  });

  test("the package holds one sheet, Sheet1, with typed cells and real date formats (checked without SheetJS)", () => {
    const path = join(tmp.dir, "cells.xlsx");
    writeExcel(sampleFrame().lazy(), path, {});
    const { cells, sheets } = unpack(path);
    expect(sheets).toEqual(["Sheet1"]);
    expect(["A1", "B1", "C1", "D1", "E1", "F1"].map((a) => cells.get(a)?.value)).toEqual([
      "id",
      "price",
      "name",
      "ok",
      "day",
      "at",
    ]);
    expect(cells.get("A2")).toEqual({ type: "n", value: "1", format: undefined });
    expect(cells.get("B2")).toEqual({ type: "n", value: "1.5", format: undefined });
    expect(cells.get("C2")).toMatchObject({ type: "s", value: "plain" });
    expect(cells.get("D2")).toMatchObject({ type: "b", value: "1" });
    // 2024-01-02 is serial 45293; 03:04:05.678 is 11,045.678 s into the day.
    expect(cells.get("E2")).toEqual({ type: "n", value: "45293", format: "yyyy-mm-dd" });
    expect(cells.get("F2")?.format).toBe("yyyy-mm-dd hh:mm:ss.000");
    expect(Number(cells.get("F2")?.value)).toBeCloseTo(45293 + 11045.678 / 86400, 9);
    // The null row (row 3) has no cells at all.
    expect(["A3", "B3", "C3", "D3", "E3", "F3"].map((a) => cells.has(a))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(cells.get("E4")?.value).toBe("25568"); // 1969-12-31
  });

  test("NaN and ±Infinity become empty cells; a zoned date-time is written as its wall-clock time", () => {
    const frame = pl.DataFrame([
      pl.Series("x", [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2.5]),
      pl
        .Series("at", [Date.UTC(2021, 0, 1, 12), null, null, null], pl.Int64)
        .cast(pl.Datetime("ms", "America/New_York")),
    ]);
    const path = join(tmp.dir, "special.xlsx");
    writeExcel(frame.lazy(), path, {});
    expect(readBack(path).rows).toEqual([
      { x: null, at: new Date(Date.UTC(2021, 0, 1, 7)) },
      { x: null, at: null },
      { x: null, at: null },
      { x: 2.5, at: null },
    ]);
  });

  test("dates before 1900 (negative serials) and around Excel's phantom 1900-02-29 read back", () => {
    const days = [Date.UTC(1850, 5, 1), Date.UTC(1899, 11, 31), Date.UTC(1900, 1, 28), Date.UTC(1900, 2, 1)];
    const frame = pl.DataFrame([
      pl
        .Series(
          "d",
          days.map((ms) => ms / 86_400_000),
          pl.Int32,
        )
        .cast(pl.Date),
    ]);
    const path = join(tmp.dir, "old.xlsx");
    writeExcel(frame.lazy(), path, {});
    expect(readBack(path).rows.map((r) => r.d)).toEqual(days.map((ms) => new Date(ms)));
    // 1900-02-28 is serial 59 and 1900-03-01 is 61: Excel's calendar, not a plain day count.
    expect(["A4", "A5"].map((a) => unpack(path).cells.get(a)?.value)).toEqual(["59", "61"]);
  });

  test("an empty frame keeps its header; without a header only data is written", () => {
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64), pl.Series("b", [], pl.String)]);
    const path = join(tmp.dir, "empty.xlsx");
    expect(writeExcel(empty.lazy(), path, {})).toEqual({ rows: 0 });
    const back = readBack(path);
    expect([back.columns, back.rows]).toEqual([["a", "b"], []]);
    const bare = join(tmp.dir, "bare.xlsx");
    writeExcel(pl.DataFrame({ a: [1, 2] }).lazy(), bare, { include_header: false });
    expect(collect(scanExcel(bare, { has_header: false })).toRecords()).toEqual([{ column_1: 1 }, { column_1: 2 }]);
  });

  test("frames Excel cannot hold are refused, naming the file and the column", () => {
    const path = join(tmp.dir, "refused.xlsx");
    const list = pl.DataFrame([pl.Series("tags", [[1, 2]])]);
    expectDataSourceError(() => writeExcel(list.lazy(), path, {}), path, '"tags"', "List");
    const long = pl.DataFrame({ note: ["ok", "x".repeat(EXCEL_MAX_CELL_CHARS + 1)] });
    expectDataSourceError(() => writeExcel(long.lazy(), path, {}), path, '"note" row 2', "32,767");
    const tall = pl.DataFrame({ a: new Array(1_048_576).fill(1) });
    expectDataSourceError(() => writeExcel(tall.lazy(), path, {}), path, "1,048,576 rows", "1,048,575");
    expect(writeExcel(tall.lazy(), path, { include_header: false })).toEqual({ rows: 1_048_576 });
    const wide = pl.DataFrame(Array.from({ length: 16_385 }, (_, i) => pl.Series(`c${i}`, [i])));
    expectDataSourceError(() => writeExcel(wide.lazy(), path, {}), path, "16385 columns");
  }, 60_000);

  test("only .xlsx is written, and compression is not an option", () => {
    const frame = pl.DataFrame({ a: [1] }).lazy();
    for (const ext of ["xls", "xlsb", "xlsm"]) {
      const path = join(tmp.dir, `out.${ext}`);
      expectDataSourceError(() => writeExcel(frame, path, {}), path, `not .${ext}`);
    }
    const path = join(tmp.dir, "out.xlsx");
    expectDataSourceError(() => writeExcel(frame, path, { compression: "zstd" }), path, "compression");
  });

  test("a failed write leaves the existing target as it was and no temp files", () => {
    const folder = tmp.folder("atomic");
    const path = join(folder, "keep.xlsx");
    writeFileSync(path, "previous");
    expect(() => writeExcel(failingFrame(), path, {})).toThrow();
    expectDataSourceError(() => writeExcel(pl.DataFrame([pl.Series("l", [[1]])]).lazy(), path, {}), path);
    expect(readFileSync(path, "utf8")).toBe("previous");
    writeExcel(pl.DataFrame({ a: ["new"] }).lazy(), path, {});
    expect(readBack(path).rows).toEqual([{ a: "new" }]);
    expect(readdirSync(folder)).toEqual(["keep.xlsx"]);
  });
});
