import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { benchData, isComplete } from "./data";

const roots: string[] = [];
const freshRoot = () => {
  const root = mkdtempSync(join(tmpdir(), "weft-bench-data-test-"));
  roots.push(root);
  return root;
};
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const small = { customers: 50 };

describe("benchData", () => {
  test("the same seed writes the same tables, in CSV and in Parquet with the CSV's values", async () => {
    const a = await benchData(700, { ...small, root: freshRoot() });
    const b = await benchData(700, { ...small, root: freshRoot() });
    expect(readFileSync(a.salesCsv, "utf8")).toBe(readFileSync(b.salesCsv, "utf8"));
    expect(readFileSync(a.customersCsv, "utf8")).toBe(readFileSync(b.customersCsv, "utf8"));
    const fromCsv = pl.readCSV(a.salesCsv);
    const fromParquet = pl.readParquet(a.salesParquet);
    expect(fromParquet.height).toBe(700);
    expect(fromParquet.columns).toEqual(["id", "customer_id", "product", "region", "qty", "price", "ts", "note"]);
    expect(fromParquet.frameEqual(fromCsv, true)).toBe(true);
    expect(pl.readParquet(a.customersParquet).height).toBe(50);
  });

  test("another seed writes other rows", async () => {
    const a = await benchData(300, { ...small, root: freshRoot() });
    const b = await benchData(300, { ...small, root: freshRoot(), seed: 7 });
    expect(readFileSync(a.salesCsv, "utf8")).not.toBe(readFileSync(b.salesCsv, "utf8"));
  });

  test("a complete folder is reused as it is", async () => {
    const root = freshRoot();
    const first = await benchData(400, { ...small, root });
    const written = statSync(first.salesParquet).mtimeMs;
    const again = await benchData(400, { ...small, root });
    expect(again).toEqual(first);
    expect(statSync(again.salesParquet).mtimeMs).toBe(written);
  });

  test("a file cut short is not reused: the folder is completed again", async () => {
    const root = freshRoot();
    const data = await benchData(400, { ...small, root });
    truncateSync(data.salesParquet, 100);
    expect(isComplete(data)).toBe(false);
    await benchData(400, { ...small, root });
    expect(isComplete(data)).toBe(true);
    expect(pl.readParquet(data.salesParquet).height).toBe(400);
  });

  test("without its manifest a folder is not complete", async () => {
    const root = freshRoot();
    const data = await benchData(200, { ...small, root });
    rmSync(join(data.dir, "bench-data.json"));
    expect(isComplete(data)).toBe(false);
  });
});
