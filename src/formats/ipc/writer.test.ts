import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import {
  collect,
  expectDataSourceError,
  failingFrame,
  rowsOf,
  SAMPLE_ROWS,
  sampleFrame,
  tempFolder,
} from "../../../tests/helpers/format-samples";
import { scanIpc } from "./reader";
import { writeIpc } from "./writer";

const tmp = tempFolder("ipc-write");
afterAll(tmp.cleanup);

describe("writeIpc", () => {
  test("write then read back equals the input, types included, for .arrow, .feather and .ipc", () => {
    for (const name of ["round.arrow", "round.feather", "round.ipc"]) {
      const path = join(tmp.dir, name);
      expect(writeIpc(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
      const back = collect(scanIpc(path, {}));
      expect(rowsOf(back)).toEqual(SAMPLE_ROWS);
      expect(back.dtypes.map(String)).toEqual([
        "DataType(Int64)",
        "DataType(Float64)",
        "DataType(String)",
        "DataType(Bool)",
        "DataType(Date)",
        "DataType(Datetime(ms,))",
      ]);
      // An IPC file, not a stream: magic at both ends.
      const bytes = readFileSync(path);
      expect(bytes.subarray(0, 6).toString()).toBe("ARROW1");
      expect(bytes.subarray(-6).toString()).toBe("ARROW1");
    }
  });

  test("uncompressed by default; lz4 and zstd shrink repetitive data and read back", () => {
    const frame = pl.DataFrame({ s: Array.from({ length: 20_000 }, (_, i) => `value-${i % 7}`) }).lazy();
    const size = (compression?: string) => {
      const path = join(tmp.dir, `c-${compression}.arrow`);
      expect(writeIpc(frame, path, compression ? { compression } : {})).toEqual({ rows: 20_000 });
      expect(collect(scanIpc(path, {})).getColumn("s").get(19_999)).toBe(`value-${19_999 % 7}`);
      return statSync(path).size;
    };
    const plain = size();
    expect(size("uncompressed")).toBe(plain);
    expect(size("lz4")).toBeLessThan(plain / 4);
    expect(size("ZSTD")).toBeLessThan(plain / 4);
    expectDataSourceError(() => writeIpc(frame, join(tmp.dir, "x.arrow"), { compression: "gzip" }), "x.arrow", "gzip");
  });

  test("an empty frame round-trips with its columns", () => {
    const path = join(tmp.dir, "empty.arrow");
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64), pl.Series("b", [], pl.Utf8)]).lazy();
    expect(writeIpc(empty, path, {})).toEqual({ rows: 0 });
    const back = collect(scanIpc(path, {}));
    expect([back.height, back.columns]).toEqual([0, ["a", "b"]]);
  });

  test("a target name with glob characters is written and counted", () => {
    const path = join(tmp.dir, "out[1]*.arrow");
    expect(writeIpc(pl.DataFrame({ a: [1, 2] }).lazy(), path, {})).toEqual({ rows: 2 });
    expect(collect(scanIpc(path, {})).toRecords()).toEqual([{ a: 1 }, { a: 2 }]);
  });

  test("a failing frame leaves the old target untouched and no temp file", () => {
    const path = join(tmp.dir, "keep.feather");
    writeFileSync(path, "old");
    const before = tmp.files();
    expect(() => writeIpc(failingFrame(), path, {})).toThrow("conversion");
    expect(readFileSync(path, "utf8")).toBe("old");
    expect(tmp.files()).toEqual(before);
  });
});
