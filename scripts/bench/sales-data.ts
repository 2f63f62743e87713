import { existsSync, mkdirSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../../tests/helpers/seeded-random";

export const PRODUCTS = ["widget", "gadget", "doohickey", "gizmo", "sprocket", "thingamajig", "whatsit", "contraption"];
export const REGIONS = ["north", "south", "east", "west", "central"];
export const SEGMENTS = ["consumer", "corporate", "home office", "small business"];
const NOTES = ["", "", "", "rush", "gift wrap", "call first", "fragile, handle with care", "ünïcödé note"];

export interface SalesData {
  dir: string;
  sales: string;
  customers: string;
  rows: number;
  customerCount: number;
}

/** Where seeded benchmark data is kept between runs: $WEFT_BENCH_DATA, or a folder in the temp directory. */
export function benchDataRoot(): string {
  return process.env.WEFT_BENCH_DATA ?? join(tmpdir(), "weft-bench-data");
}

/**
 * The benchmark tables: `sales.csv` (id, customer_id, product, region, qty, price, ts, note)
 * and `customers.csv` (customer_id, name, segment, country). Written once per (rows, seed)
 * under `root` (benchDataRoot() by default) and reused, since 5M rows take a few seconds to write.
 */
export async function salesData(
  rows: number,
  customerCount: number,
  seed = 42,
  root = benchDataRoot(),
): Promise<SalesData> {
  const dir = join(root, `sales-${rows}-${customerCount}-${seed}`);
  const data = { dir, sales: join(dir, "sales.csv"), customers: join(dir, "customers.csv"), rows, customerCount };
  if (existsSync(data.sales) && existsSync(data.customers)) return data;
  mkdirSync(dir, { recursive: true });
  const random = seededRandom(seed);
  await writeLines(data.customers, "customer_id,name,segment,country", customerCount, (i) => {
    const segment = SEGMENTS[Math.floor(random() * SEGMENTS.length)];
    const country = ["DE", "FR", "US", "JP", "BR"][Math.floor(random() * 5)];
    return `${i + 1},customer ${i + 1},${segment},${country}`;
  });
  const start = Date.UTC(2024, 0, 1) / 1000;
  await writeLines(data.sales, "id,customer_id,product,region,qty,price,ts,note", rows, (i) => {
    const customer = 1 + Math.floor(random() * customerCount);
    const product = PRODUCTS[Math.floor(random() * PRODUCTS.length)];
    const region = REGIONS[Math.floor(random() * REGIONS.length)];
    const qty = 1 + Math.floor(random() * 20);
    const price = (1 + Math.floor(random() * 99_999) / 100).toFixed(2);
    const ts = new Date((start + Math.floor(random() * 365 * 86_400)) * 1000).toISOString().slice(0, 19);
    const note = NOTES[Math.floor(random() * NOTES.length)] ?? "";
    return `${i + 1},${customer},${product},${region},${qty},${price},${ts},${note.includes(",") ? `"${note}"` : note}`;
  });
  return data;
}

async function writeLines(path: string, header: string, count: number, line: (i: number) => string) {
  // Per process: two benchmarks that start at once must not write into one partial file.
  const partial = `${path}.${process.pid}.partial`;
  const writer = Bun.file(partial).writer();
  writer.write(`${header}\n`);
  const chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    chunk.push(line(i));
    if (chunk.length === 50_000) {
      writer.write(`${chunk.join("\n")}\n`);
      chunk.length = 0;
    }
  }
  if (chunk.length > 0) writer.write(`${chunk.join("\n")}\n`);
  await writer.end();
  renameSync(partial, path);
}
