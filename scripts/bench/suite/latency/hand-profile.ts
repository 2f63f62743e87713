/**
 * The statistics of Weft's profile (src/engine/profile.ts) written by hand in nodejs-polars,
 * as an analyst would for the same numbers: one select of every scalar metric over all
 * columns, then one group-by per column for its 10 most frequent values. The baseline of
 * the "profile" scenario; its answer (row count, and per column count / null count /
 * distinct count / top value) is checked against the Server's.
 */
import pl, { type Expr, type LazyDataFrame } from "nodejs-polars";
import type { Answer } from "../types";
import { jsonRows } from "./json-rows";

const NUMERIC = /^(U?Int\d+|Float\d+|Decimal)/;
const TEMPORAL = /^(Date|Datetime|Time|Duration)/;

function columnExprs(name: string, variant: string, i: number): Expr[] {
  const c = pl.col(name);
  const as = (e: Expr, metric: string) => e.alias(`${i}_${metric}`);
  const out = [as(c.count(), "count"), as(c.nullCount(), "null_count"), as(c.dropNulls().nUnique(), "unique_count")];
  const numeric = NUMERIC.test(variant);
  if (numeric || TEMPORAL.test(variant)) {
    const v = variant.startsWith("Float") ? c.fillNan(null) : c;
    out.push(
      as(v.min(), "min"),
      as(v.max(), "max"),
      as(v.dropNulls().unique().sort().head(5).implode(), "min_values"),
      as(v.dropNulls().unique().sort({ descending: true }).head(5).implode(), "max_values"),
    );
    if (numeric) out.push(as(v.mean(), "mean"), as(v.median(), "median"), as(v.std(), "std"));
  }
  if (variant === "String" || variant === "Utf8") {
    out.push(
      as(c.eq(pl.lit("")).sum(), "empty"),
      as(c.str.contains("^\\s").sum(), "lead"),
      as(c.str.contains("\\s$").sum(), "trail"),
      as(c.str.contains("[\\r\\n]").sum(), "breaks"),
      as(c.str.contains("[^\\x00-\\x7F]").sum(), "non_ascii"),
    );
  }
  return out;
}

/** Profiles every column of `frame`; answers what the scenario compares. */
export function handProfile(frame: LazyDataFrame): Answer {
  // nodejs-polars 0.26 has no lazy schema: an empty collect gives the columns and types.
  const empty = frame.limit(0).collectSync({ engine: "streaming" } as never);
  const names = empty.columns;
  const exprs = empty.getColumns().flatMap((column, i) => columnExprs(column.name, String(column.dtype.variant), i));
  const scalars = frame.select(pl.len().alias("rows"), ...exprs).collectSync({ engine: "streaming" } as never);
  const row = scalars.row(0) as unknown[];
  const at = (column: string) => row[scalars.columns.indexOf(column)];
  const top = names.map((name, i) => {
    const counts = frame
      .select(pl.col(name).alias("value"))
      .filter(pl.col("value").isNotNull())
      .groupBy("value")
      .agg(pl.len().alias("n"))
      .sort(["n", "value"], [true, false])
      .head(10)
      .collectSync({ engine: "streaming" } as never);
    const first = jsonRows(counts.head(1))[0] ?? [null, 0];
    return [name, Number(at(`${i}_count`)), Number(at(`${i}_null_count`)), Number(at(`${i}_unique_count`)), ...first];
  });
  return { rows: Number(at("rows")), top };
}
