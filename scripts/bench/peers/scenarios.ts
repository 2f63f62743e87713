/**
 * The pipeline scenarios every peer computes, defined once so their answers compare by
 * construction (same columns in the same order, same sort with a deterministic tie-break).
 * Weft's own workflows (the harness) must produce the same columns and order.
 *
 * P1: sales.csv → qty > 5 → inner join customers.csv on customer_id → summarize by
 *     (segment, product): qty_sum = sum(qty), id_count = count(id), price_mean = mean(price)
 *     → sort by qty_sum descending, then segment, product ascending (the tie-break)
 *     → zstd Parquet. Columns: segment, product, qty_sum, id_count, price_mean. 32 rows.
 * P2: the same, reading sales.parquet and customers.parquet.
 * P3: wide and string-heavy: sales.csv read three times (three inputs) and unioned (3 × rows),
 *     then these calculated columns, in order (text positions count characters from 0):
 *       product_code = upper(substring(product, 0, 3))                  "WID"
 *       region_name  = concat("", upper(substring(region, 0, 1)), substring(region, 1))  "North"
 *       note_tag     = replace(lower(note, null as ""), " ", "_")       "gift_wrap", ""
 *       note_len     = length(note_tag)                                 characters, not bytes
 *       label        = concat("-", product_code, note_tag)              "WID-gift_wrap", "WID-"
 *     then a pivot: index label, on region_name, values [qty, note_len], aggregate sum
 *     (columns label, qty_Central … qty_West, note_len_Central … note_len_West: values column
 *     major, on values ascending, as Weft's Pivot names them), rows sorted by label (by code
 *     point / UTF-8 bytes) → CSV (every peer can write CSV; the result is 48 rows, so the
 *     format costs nothing measurable). 48 rows × 11 columns.
 *
 * Weft's workflows: P1 is engine.ts's pipeline with the tie-break added to its sort; P3 is
 * three `input` tools on sales.csv → `union` → `calculate` {columns: P3_EXPRESSIONS} → `pivot`
 * → `output` CSV; WEFT_CONFIGS holds the tools' configs.
 */

export const P1_COLUMNS = ["segment", "product", "qty_sum", "id_count", "price_mean"] as const;

/**
 * The configs of Weft's tools for P1/P2 (filter → join → summarize → sort) and P3 (union →
 * calculate → pivot), so the harness's workflows compute what the peers compute; a test runs
 * them against the peers (peers-agree-with-weft.test.ts).
 */
export const WEFT_CONFIGS = {
  filter: { mode: "basic", column: "qty", operator: ">", value: 5 },
  join: { how: "inner", left_on: ["customer_id"], right_on: ["customer_id"] },
  summarize: {
    group_by: ["segment", "product"],
    aggregations: [
      { column: "qty", function: "sum" },
      { column: "id", function: "count" },
      { column: "price", function: "mean" },
    ],
  },
  sort: {
    by: [
      { column: "qty_sum", descending: true },
      { column: "segment", descending: false },
      { column: "product", descending: false },
    ],
  },
  union: { mode: "by_name" },
  pivot: { index: ["label"], on: "region_name", values: ["qty", "note_len"], aggregate: "sum" },
} as const;

/** P1/P2 in SQL (DuckDB's dialect), with the tables' readers filled in. */
export function p1Sql(sales: string, customers: string): string {
  return `SELECT c.segment, s.product, sum(s.qty) AS qty_sum, count(s.id) AS id_count, avg(s.price) AS price_mean
FROM ${sales} AS s JOIN ${customers} AS c ON s.customer_id = c.customer_id
WHERE s.qty > 5
GROUP BY c.segment, s.product
ORDER BY qty_sum DESC, c.segment, s.product`;
}

/** P3's calculated columns as Weft's Calculate tool takes them (Python Polars expressions). */
export const P3_EXPRESSIONS: readonly { name: string; expression: string }[] = [
  { name: "product_code", expression: 'pl.col("product").str.slice(0, 3).str.to_uppercase()' },
  {
    name: "region_name",
    expression:
      'pl.concat_str([pl.col("region").str.slice(0, 1).str.to_uppercase(), pl.col("region").str.slice(1)], separator="", ignore_nulls=True)',
  },
  {
    name: "note_tag",
    expression: 'pl.col("note").fill_null("").str.to_lowercase().str.replace_all(" ", "_", literal=True)',
  },
  { name: "note_len", expression: 'pl.col("note_tag").str.len_chars()' },
  {
    name: "label",
    expression: 'pl.concat_str([pl.col("product_code"), pl.col("note_tag")], separator="-", ignore_nulls=True)',
  },
];

export const P3_PIVOT = WEFT_CONFIGS.pivot;

/** P3's columns: the index, then each values column's pivoted columns by on value ascending. */
export function p3Columns(onValues: readonly string[]): string[] {
  const sorted = [...onValues].sort(byCodePoint);
  return [...P3_PIVOT.index, ...P3_PIVOT.values.flatMap((v) => sorted.map((on) => `${v}_${on}`))];
}

/** Text order by code point (= UTF-8 byte order, as Polars, DuckDB and Python sort text). */
export function byCodePoint(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** P3 in DuckDB's SQL: the union and calculated columns as a view named p3_input. */
export function p3InputSql(salesCsv: string): string {
  const read = `SELECT product, region, qty, note FROM read_csv(${quote(salesCsv)})`;
  return `CREATE OR REPLACE TEMP VIEW p3_input AS
WITH unioned AS (${read} UNION ALL BY NAME ${read} UNION ALL BY NAME ${read}),
calculated AS (
  SELECT *,
    upper(substring(product, 1, 3)) AS product_code,
    concat(upper(substring(region, 1, 1)), substring(region, 2)) AS region_name,
    replace(lower(coalesce(note, '')), ' ', '_') AS note_tag
  FROM unioned
)
SELECT *, length(note_tag) AS note_len, concat_ws('-', product_code, note_tag) AS label FROM calculated`;
}

export function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
