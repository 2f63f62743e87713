import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { collect, failingFrame, SAMPLE_ROWS, sampleFrame, tempFolder } from "../../../tests/helpers/format-samples";
import { DataSourceError } from "../../shared/errors";
import { scanCsv } from "./reader";
import { writeCsv } from "./writer";

const tmp = tempFolder("csv-write");
afterAll(tmp.cleanup);

/** What CSV keeps of a sample row with parse_dates: everything (date-times come back in µs). */
const expectedRows = SAMPLE_ROWS.map((r) => ({ ...r }));

describe("writeCsv", () => {
  test("write then read back equals the input (nulls, unicode, quotes, line breaks, floats)", () => {
    const path = join(tmp.dir, "round.csv");
    expect(writeCsv(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
    const back = collect(scanCsv(path, { parse_dates: true }));
    expect(back.toRecords() as unknown[]).toEqual(expectedRows);
    expect(back.dtypes.map((d) => d.variant)).toEqual(["Int64", "Float64", "String", "Bool", "Date", "Datetime"]);
    // Without the option, dates stay text (parsing them slows every read).
    const plain = collect(scanCsv(path, {}));
    expect(plain.dtypes.map((d) => d.variant)).toEqual(["Int64", "Float64", "String", "Bool", "String", "String"]);
    expect(plain.getColumn("day").toArray() as unknown[]).toEqual(["2024-01-02", null, "1969-12-31", "2000-02-29"]);
  });

  test("delimiter and include_header are honoured", () => {
    const path = join(tmp.dir, "semi.csv");
    const frame = pl.DataFrame({ a: [1, 2], b: ["x;y", "z"] }).lazy();
    expect(writeCsv(frame, path, { delimiter: ";", include_header: false })).toEqual({ rows: 2 });
    expect(readFileSync(path, "utf8")).toBe('1.0;"x;y"\n2.0;z\n');
    expect(collect(scanCsv(path, { delimiter: ";", has_header: false })).toRecords()).toEqual([
      { column_1: 1, column_2: "x;y" },
      { column_1: 2, column_2: "z" },
    ]);
  });

  test("a .tsv target gets tabs by default", () => {
    const path = join(tmp.dir, "out.tsv");
    writeCsv(pl.DataFrame({ a: ["x,y"], b: ["z"] }).lazy(), path, {});
    expect(readFileSync(path, "utf8")).toBe("a\tb\nx,y\tz\n");
  });

  test("an empty frame writes the header only and counts 0 rows", () => {
    const path = join(tmp.dir, "empty.csv");
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64), pl.Series("b", [], pl.Utf8)]).lazy();
    expect(writeCsv(empty, path, {})).toEqual({ rows: 0 });
    expect(readFileSync(path, "utf8")).toBe("a,b\n");
    expect(writeCsv(empty, path, { include_header: false })).toEqual({ rows: 0 });
    expect(readFileSync(path, "utf8")).toBe("");
  });

  test("the row count follows quoted line breaks, not lines", () => {
    const path = join(tmp.dir, "breaks.csv");
    const frame = pl.DataFrame({ t: ["one\ntwo\nthree", "four"] }).lazy();
    expect(writeCsv(frame, path, {})).toEqual({ rows: 2 });
  });

  test("a failing frame leaves the old target untouched and no temp file", () => {
    const path = join(tmp.dir, "keep.csv");
    writeFileSync(path, "old\n");
    const before = tmp.files();
    expect(() => writeCsv(failingFrame(), path, {})).toThrow("conversion");
    expect(readFileSync(path, "utf8")).toBe("old\n");
    expect(tmp.files()).toEqual(before);
    const fresh = join(tmp.dir, "never.csv");
    expect(() => writeCsv(failingFrame(), fresh, {})).toThrow();
    expect(tmp.files()).toEqual(before);
  });

  test("bad options are a DataSourceError naming the target", () => {
    const path = join(tmp.dir, "bad.csv");
    const frame = pl.DataFrame({ a: [1] }).lazy();
    for (const options of [{ delimiter: "::" }, { compression: "gzip" }]) {
      expect(() => writeCsv(frame, path, options)).toThrow(DataSourceError);
      expect(() => writeCsv(frame, path, options)).toThrow(path);
    }
    expect(() => writeCsv(frame, join(tmp.dir, "no-such-folder", "x.csv"), {})).toThrow(DataSourceError);
  });
});
