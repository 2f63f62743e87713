/**
 * The Arquero peer's child process: one scenario with Arquero's verbs, as an analyst would
 * write it (fromCSV with its default type inference, then filter/join/groupby/rollup or
 * concat/derive/pivot).
 *
 * The file is read whole and parsed with fromCSV, not streamed with loadCSV: loadCSV drops or
 * truncates rows whose quoted field ("fragile, handle with care") straddles a chunk boundary,
 * 7 of 1M sales rows here, in arquero 8.0.1 and 8.0.3 alike (the fix for uwdata/arquero#395 in
 * 8.0.2 does not cover it); fromCSV on the same text reads every row. Arquero writes no Parquet without extra packages, so P1's 32-row
 * result is written as CSV (with a note) and P2 is not run (arquero.ts says why).
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as aq from "arquero";
import { answerOf, TOP_ROWS } from "./answers";
import { jobArgument, type PipelineJob, peakRssMb, reportOutcome } from "./child";
import { P1_COLUMNS, P3_PIVOT, p3Columns } from "./scenarios";

const { op } = aq;
type Table = ReturnType<typeof aq.fromCSV>;

const job = jobArgument<PipelineJob>();
const readCsv = (path: string): Table => aq.fromCSV(readFileSync(path, "utf8"));

const started = performance.now();
const { table, note } = job.scenario === "P3" ? p3() : p1();
writeFileSync(job.out, table.toCSV());
const ms = performance.now() - started;
const peak = peakRssMb();

const top = table
  .slice(0, TOP_ROWS)
  .objects()
  .map((row) => table.columnNames().map((name) => (row as Record<string, unknown>)[name] ?? null));
reportOutcome({ ms, peakRssMb: peak, answer: answerOf(table.numRows(), top), note });

function p1(): { table: Table; note: string } {
  const sales = readCsv(job.sales);
  const customers = readCsv(job.customers);
  const table = sales
    .filter((d: { qty: number }) => d.qty > 5)
    .join(customers, "customer_id")
    .groupby("segment", "product")
    .rollup({
      qty_sum: (d: { qty: number }) => op.sum(d.qty),
      id_count: (d: { id: number }) => op.valid(d.id),
      price_mean: (d: { price: number }) => op.mean(d.price),
    })
    .orderby(aq.desc("qty_sum"), "segment", "product")
    .select(...P1_COLUMNS);
  return { table, note: "the 32-row result is written as CSV: Arquero writes no Parquet without extra packages" };
}

function p3(): { table: Table; note?: string } {
  const reads: Table[] = [];
  for (let i = 0; i < 3; i++) reads.push(readCsv(job.sales).select("product", "region", "qty", "note"));
  const [first, ...rest] = reads as [Table, ...Table[]];
  // Text lengths are UTF-16 code units, the same as characters for this data (no astral text).
  const calculated = first
    .concat(...rest)
    .derive({
      product_code: (d: { product: string }) => op.upper(op.substring(d.product, 0, 3)),
      region_name: (d: { region: string }) => op.upper(op.substring(d.region, 0, 1)) + op.substring(d.region, 1),
      note_tag: (d: { note: string | null }) => op.replace(op.lower(d.note == null ? "" : d.note), / /g, "_"),
    })
    .derive({
      note_len: (d: { note_tag: string }) => d.note_tag.length,
      label: (d: { product_code: string; note_tag: string }) => `${d.product_code}-${d.note_tag}`,
    });
  const wide = calculated.groupby(...P3_PIVOT.index).pivot(P3_PIVOT.on, {
    qty: (d: { qty: number }) => op.sum(d.qty),
    note_len: (d: { note_len: number }) => op.sum(d.note_len),
  });
  const regions = calculated.dedupe(P3_PIVOT.on).array(P3_PIVOT.on) as string[];
  return { table: wide.orderby(...P3_PIVOT.index).select(...p3Columns(regions)) };
}
