/**
 * The DuckDB peer's child process: one scenario in SQL through @duckdb/node-api, as an analyst
 * would write it (an in-memory database, default settings). Prints the outcome for runChild.
 */
import { DuckDBInstance } from "@duckdb/node-api";
import { answerOf, TOP_ROWS } from "./answers";
import { jobArgument, type PipelineJob, peakRssMb, reportOutcome } from "./child";
import { p1Sql, p3Columns, p3InputSql, quote } from "./scenarios";

const job = jobArgument<PipelineJob>();
const connection = await (await DuckDBInstance.create(":memory:")).connect();

const started = performance.now();
if (job.scenario === "P3") {
  await connection.run(p3InputSql(job.sales));
  // Aggregated first, as Weft's Pivot does: PIVOT on the view itself would evaluate it (three
  // CSV reads and the string functions) twice, once for the on values and once for the sums.
  await connection.run(`CREATE TEMP TABLE p3_cells AS
SELECT label, region_name, sum(qty) AS qty, sum(note_len) AS note_len FROM p3_input GROUP BY label, region_name`);
  // PIVOT names its columns "<on>_<values alias>"; they are put in P3's order below.
  await connection.run(`CREATE TEMP TABLE p3 AS
PIVOT p3_cells ON region_name USING sum(qty) AS qty, sum(note_len) AS note_len GROUP BY label ORDER BY label`);
  // The on values from the pivoted table's own column names: another query of p3_input would
  // read the CSV three more times.
  const regions = (await connection.runAndReadAll("SELECT column_name FROM (DESCRIBE p3)"))
    .getRowsJS()
    .map((row) => String(row[0]))
    .filter((name) => name.endsWith("_qty"))
    .map((name) => name.slice(0, -"_qty".length));
  const select = p3Columns(regions)
    .map((name) => {
      if (name === "label") return `"label"`;
      const values = name.startsWith("note_len_") ? "note_len" : "qty";
      return `"${name.slice(values.length + 1)}_${values}" AS "${name}"`;
    })
    .join(", ");
  await connection.run(`COPY (SELECT ${select} FROM p3 ORDER BY label) TO ${quote(job.out)} (FORMAT csv, HEADER)`);
} else {
  const reader = job.scenario === "P1" ? "read_csv" : "read_parquet";
  const sql = p1Sql(`${reader}(${quote(job.sales)})`, `${reader}(${quote(job.customers)})`);
  await connection.run(`COPY (${sql}) TO ${quote(job.out)} (FORMAT parquet, COMPRESSION zstd)`);
}
const ms = performance.now() - started;
const peak = peakRssMb();

// The answer is read back from the file written, after the clock stopped.
const reread = job.scenario === "P3" ? `read_csv(${quote(job.out)})` : `read_parquet(${quote(job.out)})`;
const count = Number((await connection.runAndReadAll(`SELECT count(*) FROM ${reread}`)).getRowsJS()[0]?.[0]);
const top = (await connection.runAndReadAll(`SELECT * FROM ${reread} LIMIT ${TOP_ROWS}`)).getRowsJS();
reportOutcome({ ms, peakRssMb: peak, answer: answerOf(count, top) });
