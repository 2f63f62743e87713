import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { sampleFrame, tempFolder } from "../../../tests/helpers/format-samples";
import { ipcFileRows } from "./file-rows";

const tmp = tempFolder("ipc-file-rows");
afterAll(tmp.cleanup);

/** Polars' own count of an IPC file, the reference. */
const polarsRows = (path: string) =>
  Number(pl.scanIPC(path).select(pl.len().alias("n")).collectSync().getColumn("n").get(0));

describe("ipcFileRows", () => {
  test("counts what Polars counts, written by a sink (streamed in batches) or whole, compressed or not", () => {
    const big = pl.DataFrame({ id: Array.from({ length: 250_000 }, (_, i) => i), s: Array(250_000).fill("x") });
    const cases: [string, () => void][] = [
      ["sample.arrow", () => sampleFrame().writeIPC(join(tmp.dir, "sample.arrow"))],
      ["empty.arrow", () => sampleFrame().head(0).writeIPC(join(tmp.dir, "empty.arrow"))],
      ["no-columns.arrow", () => pl.DataFrame({}).writeIPC(join(tmp.dir, "no-columns.arrow"))],
      [
        "sink.arrow",
        () =>
          big
            .lazy()
            .sinkIpc(join(tmp.dir, "sink.arrow"))
            .collectSync({ engine: "streaming" } as never),
      ],
      [
        "zstd.arrow",
        () =>
          big
            .lazy()
            .filter(pl.col("id").modulo(3).eq(0))
            .sinkIpc(join(tmp.dir, "zstd.arrow"), { compression: "zstd" })
            .collectSync({ engine: "streaming" } as never),
      ],
    ];
    for (const [name, write] of cases) {
      write();
      const path = join(tmp.dir, name);
      expect({ name, rows: ipcFileRows(path) }).toEqual({ name, rows: polarsRows(path) });
    }
    expect(ipcFileRows(join(tmp.dir, "sink.arrow"))).toBe(250_000);
    expect(ipcFileRows(join(tmp.dir, "zstd.arrow"))).toBe(83_334);
  });

  test("a file laid out otherwise answers undefined, so the caller counts another way", () => {
    const good = join(tmp.dir, "good.arrow");
    sampleFrame().writeIPC(good);
    const bytes = readFileSync(good);
    const footerLength = bytes.readInt32LE(bytes.length - 10);
    const garbled = Buffer.from(bytes);
    garbled.fill(0xee, bytes.length - 10 - footerLength, bytes.length - 10);
    const variants: [string, Buffer][] = [
      ["short", Buffer.from("ARROW1\0\0ARROW1")],
      ["truncated", bytes.subarray(0, bytes.length - 3)],
      // The footer length says more than the file holds.
      ["footer length", Buffer.concat([bytes.subarray(0, -10), Buffer.from([0xff, 0xff, 0, 0]), bytes.subarray(-6)])],
      // A footer of the right length whose offsets point outside it.
      ["garbled footer", garbled],
      // Magic at both ends, no Arrow file between.
      ["not arrow", Buffer.concat([Buffer.from("ARROW1\0\0"), Buffer.alloc(64, 7), Buffer.from("ARROW1")])],
    ];
    for (const [name, content] of variants) {
      const path = join(tmp.dir, `${name}.arrow`);
      writeFileSync(path, content);
      expect({ name, rows: ipcFileRows(path) }).toEqual({ name, rows: undefined });
    }
  });

  test("a missing file throws the system's error", () => {
    expect(() => ipcFileRows(join(tmp.dir, "missing.arrow"))).toThrow(/ENOENT|no such file/i);
  });
});
