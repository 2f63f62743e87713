import { afterAll, describe, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { scanParquet } from "./reader";
import { writeParquet } from "./writer";

const tmp = tempFolder("parquet-read");
afterAll(tmp.cleanup);

/** The bytes of a whole Parquet file, to cut or corrupt. */
function goodBytes(): Buffer {
  const path = join(tmp.dir, "good.parquet");
  writeParquet(pl.DataFrame({ a: Array.from({ length: 1000 }, (_, i) => i) }).lazy(), path, {});
  return readFileSync(path);
}

describe("Parquet errors come at scan time and name the file", () => {
  const cases: [string, () => string, string][] = [
    ["missing file", () => join(tmp.dir, "nope.parquet"), "File not found: "],
    ["directory", () => tmp.folder("d.parquet"), "directory"],
    ["empty file", () => tmp.file("empty-file.parquet", ""), "empty"],
    ["truncated file", () => tmp.file("cut.parquet", goodBytes().subarray(0, 200)), "truncated"],
    ["file too short to be whole", () => tmp.file("tiny.parquet", "PAR1PAR1"), "truncated"],
    ["CSV named .parquet", () => tmp.file("csv.parquet", "a,b\n1,2\n"), "not a Parquet file"],
    [
      "encrypted footer",
      () => tmp.file("enc.parquet", Buffer.concat([goodBytes().subarray(0, -4), Buffer.from("PARE")])),
      "encrypted",
    ],
  ];
  for (const [label, makePath, problem] of cases) {
    test(label, () => {
      const path = makePath();
      expectDataSourceError(() => scanParquet(path, {}), problem, path);
    });
  }
});
