import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspectSource, RowCounts, type Validations } from "./datasource";
import { FileFacts } from "./file-facts";

const dir = mkdtempSync(join(tmpdir(), "weft-datasource-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("inspect answers a changed file's validation and count afresh, an unchanged one's as before", () => {
  const path = join(dir, "sales.csv");
  writeFileSync(path, "region,amount\nnorth,1\nsouth,2\n");
  const counts = new RowCounts();
  const validations: Validations = new FileFacts();
  const inspect = () => inspectSource({ path, name: path, options: {} }, counts, validations);

  const first = inspect();
  expect(first.data_schema.total_rows).toBe(2);
  expect(first.validation).toEqual({ errors: [], warnings: [] });
  expect(inspect()).toEqual(first);

  // A ragged row appended: the new size makes it another file, checked and counted again.
  writeFileSync(path, "region,amount\nnorth,1\nsouth,2\neast,3,extra\n");
  const changed = inspect();
  expect(changed.data_schema.total_rows).toBe(3);
  expect(changed.validation.errors).toEqual([
    "1 row has more fields than the header (2), which fails the read: line 4 has 3",
  ]);
});
