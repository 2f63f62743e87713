import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { sampleFrame, tempFolder } from "../../../tests/helpers/format-samples";
import { parquetFileRows } from "./file-rows";

const tmp = tempFolder("parquet-file-rows");
afterAll(tmp.cleanup);

/** Polars' own count of a Parquet file, the reference. */
const polarsRows = (path: string) =>
  Number(pl.scanParquet(path, { glob: false }).select(pl.len().alias("n")).collectSync().getColumn("n").get(0));

describe("parquetFileRows", () => {
  test("counts what Polars counts: several row groups, every compression, key-value metadata, no rows", () => {
    const big = pl.DataFrame({
      id: Array.from({ length: 300_000 }, (_, i) => i),
      flag: Array.from({ length: 300_000 }, (_, i) => i % 2 === 0),
      s: Array.from({ length: 300_000 }, (_, i) => (i % 7 === 0 ? null : `v${i % 13}`)),
    });
    const sink = (name: string, frame: pl.LazyDataFrame, compression: string, more = {}) =>
      frame
        .sinkParquet(join(tmp.dir, name), { compression: compression as "zstd", ...more })
        .collectSync({ engine: "streaming" } as never);
    const cases: [string, () => void][] = [
      ["sample.parquet", () => sampleFrame().writeParquet(join(tmp.dir, "sample.parquet"))],
      ["empty.parquet", () => sampleFrame().head(0).writeParquet(join(tmp.dir, "empty.parquet"))],
      ["groups.parquet", () => sink("groups.parquet", big.lazy(), "lz4", { rowGroupSize: 40_000, statistics: "full" })],
      ["zstd.parquet", () => sink("zstd.parquet", big.lazy(), "zstd")],
      ["snappy.parquet", () => sink("snappy.parquet", big.lazy().filter(pl.col("flag")), "snappy")],
      ["uncompressed.parquet", () => sink("uncompressed.parquet", big.lazy().head(3), "uncompressed")],
    ];
    for (const [name, write] of cases) {
      write();
      const path = join(tmp.dir, name);
      expect({ name, rows: parquetFileRows(path) }).toEqual({ name, rows: polarsRows(path) });
    }
    expect(parquetFileRows(join(tmp.dir, "zstd.parquet"))).toBe(300_000);
    expect(parquetFileRows(join(tmp.dir, "snappy.parquet"))).toBe(150_000);
  });

  test("a file laid out otherwise answers undefined, so the caller counts another way", () => {
    const good = join(tmp.dir, "good.parquet");
    sampleFrame().writeParquet(good);
    const bytes = readFileSync(good);
    const footerLength = bytes.readInt32LE(bytes.length - 8);
    const garbled = Buffer.from(bytes);
    garbled.fill(0xff, bytes.length - 8 - footerLength, bytes.length - 8);
    const variants: [string, Buffer][] = [
      ["short", Buffer.from("PAR1PAR1")],
      ["truncated", bytes.subarray(0, bytes.length - 3)],
      ["footer length", Buffer.concat([bytes.subarray(0, -8), Buffer.from([0xff, 0xff, 0xff, 0]), bytes.subarray(-4)])],
      // A footer of the right length holding no Thrift struct.
      ["garbled footer", garbled],
    ];
    for (const [name, content] of variants) {
      const path = join(tmp.dir, `${name}.parquet`);
      writeFileSync(path, content);
      expect({ name, rows: parquetFileRows(path) }).toEqual({ name, rows: undefined });
    }
  });

  test("a missing file throws the system's error", () => {
    expect(() => parquetFileRows(join(tmp.dir, "missing.parquet"))).toThrow(/ENOENT|no such file/i);
  });
});
