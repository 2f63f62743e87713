import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import {
  collect,
  failingFrame,
  rowsOf,
  SAMPLE_ROWS,
  sampleFrame,
  tempFolder,
} from "../../../tests/helpers/format-samples";
import { DataSourceError } from "../../shared/errors";
import { scanParquet } from "./reader";
import { writeParquet } from "./writer";

const tmp = tempFolder("parquet");
afterAll(tmp.cleanup);

describe("Parquet write and read", () => {
  test("write then read back equals the input, types included (dates, datetimes, nulls, unicode)", () => {
    const path = join(tmp.dir, "round.parquet");
    expect(writeParquet(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
    const back = collect(scanParquet(path, {}));
    expect(rowsOf(back)).toEqual(SAMPLE_ROWS);
    expect(back.dtypes.map(String)).toEqual([
      "DataType(Int64)",
      "DataType(Float64)",
      "DataType(String)",
      "DataType(Bool)",
      "DataType(Date)",
      "DataType(Datetime(ms,))",
    ]);
  });

  test("zstd by default: smaller than uncompressed on repetitive data; other codecs read back too", () => {
    const frame = pl.DataFrame({ s: Array.from({ length: 20_000 }, (_, i) => `value-${i % 7}-${i % 13}`) }).lazy();
    const sizes: Record<string, number> = {};
    for (const compression of [undefined, "uncompressed", "zstd", "snappy", "LZ4"]) {
      const path = join(tmp.dir, `c-${compression}.parquet`);
      expect(writeParquet(frame, path, compression === undefined ? {} : { compression })).toEqual({ rows: 20_000 });
      expect(collect(scanParquet(path, {})).getColumn("s").get(19_999)).toBe(`value-${19_999 % 7}-${19_999 % 13}`);
      sizes[String(compression)] = statSync(path).size;
    }
    expect(sizes.undefined).toBe(sizes.zstd as number);
    expect(sizes.undefined).toBeLessThan((sizes.uncompressed as number) / 2);
    expect(() => writeParquet(frame, join(tmp.dir, "x.parquet"), { compression: "lzo" })).toThrow(DataSourceError);
  });

  test("an empty frame round-trips with its columns", () => {
    const path = join(tmp.dir, "empty.parquet");
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64), pl.Series("b", [], pl.Utf8)]).lazy();
    expect(writeParquet(empty, path, {})).toEqual({ rows: 0 });
    const back = collect(scanParquet(path, {}));
    expect(back.height).toBe(0);
    expect(back.columns).toEqual(["a", "b"]);
  });

  test("a failing frame leaves the old target untouched and no temp file", () => {
    const path = join(tmp.dir, "keep.parquet");
    writeParquet(pl.DataFrame({ a: [1, 2, 3] }).lazy(), path, {});
    const before = tmp.files();
    const bytes = readFileSync(path);
    expect(() => writeParquet(failingFrame(), path, {})).toThrow("conversion");
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(tmp.files()).toEqual(before);
  });

  test("a file name with glob characters is read literally", () => {
    const path = join(tmp.dir, "data[1]?.parquet");
    writeParquet(pl.DataFrame({ a: [5] }).lazy(), path, {});
    expect(collect(scanParquet(path, {})).toRecords()).toEqual([{ a: 5 }]);
  });
});
