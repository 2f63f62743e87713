import type { SQL } from "bun";

/**
 * How far a database server counts in a test of a time limit or an abort: years at the
 * millions of values a second a server counts (serverCountingMs tells how long here).
 */
export const SERVER_SLOW_COUNT = 1e15;

type Dialect = "postgresql" | "mysql";

/**
 * Queries generating 1..n on the server one value at a time, with no shortcut (MariaDB
 * answers SUM(seq) and MAX(seq) of a sequence without reading it; BIT_XOR it must read).
 * `total` sends one row when it ends; `values` streams every value. `column` names the
 * result, so the query can be found in the server's process list.
 */
export const counting: Record<
  Dialect,
  { total(n: number, column: string): string; values(n: number, column: string): string }
> = {
  postgresql: {
    total: (n, column) => `SELECT count(*) AS ${column} FROM (SELECT generate_series(1, ${n}::int8)) AS s`,
    values: (n, column) => `SELECT generate_series(1, ${n}::int8) AS ${column}`,
  },
  mysql: {
    total: (n, column) => `SELECT BIT_XOR(seq) AS ${column} FROM seq_1_to_${n}`,
    values: (n, column) => `SELECT seq AS ${column} FROM seq_1_to_${n}`,
  },
};

/**
 * How long the server behind `sql` takes to count to `n`, now: the fastest of three totals
 * to a million, scaled (streaming the values to a client takes longer still). A test asserts
 * with it that its work would have outlasted the limit or abort it tests, however fast the
 * machine.
 */
export async function serverCountingMs(sql: SQL, dialect: Dialect, n: number): Promise<number> {
  const sample = 1_000_000;
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const [row] = await sql.unsafe(counting[dialect].total(sample, "total"));
    fastest = Math.min(fastest, performance.now() - started);
    // A count of 1..n is n, and so is BIT_XOR of 1..n when n is a multiple of 4.
    if (Number(row.total) !== sample) throw new Error(`counting to ${sample} gave ${row.total}`);
  }
  return (fastest * n) / sample;
}
