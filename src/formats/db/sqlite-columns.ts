import pl, { type DataType } from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import {
  binaryBuilder,
  type ColumnBuilder,
  float64s,
  Int64Builder,
  NumberBuilder,
  ValueBuilder,
} from "./column-builders";
import { parseIsoDate, parseIsoDateTime, parseIsoTime } from "./iso-text";

/**
 * What a declared type asks for. SQLite's own affinity rules (sqlite.org/datatype3.html
 * §3.1) decide integer, text, blob, real and numeric; before them, a few names that SQLite
 * stores as text or numbers but that mean more: BOOLEAN, DATE, DATETIME/TIMESTAMP, TIME.
 * NUMERIC affinity declared with scale 0 (`DECIMAL(20)`, `NUMERIC(20,0)`) is "whole": it
 * holds whole numbers, which SQLite stores as INTEGER.
 */
export type DeclaredKind =
  | "boolean"
  | "date"
  | "datetime"
  | "time"
  | "integer"
  | "text"
  | "blob"
  | "real"
  | "numeric"
  | "whole";

/** The kind of a declared type; null (an expression, or a column declared without a type) reads by values. */
export function declaredKind(declared: string | null): DeclaredKind | null {
  if (declared === null || declared.trim() === "") return null;
  const type = declared.toUpperCase();
  if (type.includes("BOOL")) return "boolean";
  if (/^\s*DATE\s*$/.test(type)) return "date";
  if (type.includes("DATETIME") || type.includes("TIMESTAMP")) return "datetime";
  if (/^\s*TIME\s*$/.test(type)) return "time";
  if (type.includes("INT")) return "integer";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "text";
  if (type.includes("BLOB")) return "blob";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB")) return "real";
  return /\(\s*\d+\s*(?:,\s*0+\s*)?\)/.test(type) ? "whole" : "numeric";
}

/** The storage classes of values read, widened in this order (blob joins nothing). */
type Storage = "int" | "real" | "text" | "blob";
const RANK: Record<Storage, number> = { int: 0, real: 1, text: 2, blob: 3 };

/**
 * The storage class a declared kind reads as at least: the type of a column of no values,
 * and so of a description. BLOB is SQLite's "no affinity": the values alone decide, and a
 * column of no values is Binary. NUMERIC (`DECIMAL(10,2)`) is Float64 even when every value
 * read is whole, so that a column does not turn Int64 when a query happens to select only
 * whole numbers; its integers are still read as Int64 until the end (see `push`).
 */
const FLOOR: Record<DeclaredKind, Storage | null> = {
  boolean: "int",
  date: "text",
  datetime: "text",
  time: "text",
  integer: "int",
  text: "text",
  blob: null,
  real: "real",
  numeric: "real",
  whole: "int",
};

/**
 * Float64 holds every integer up to 2^53 in magnitude exactly, and not every one past it:
 * a column holding such an integer and a REAL is text (digits and shortest REAL text).
 */
const MAX_EXACT_IN_DOUBLE = 2n ** 53n;

type SqliteValue = bigint | number | string | Uint8Array | null;

/** A finished builder's values, the storage they were read as, and where integers went into a Float64 chunk. */
interface Chunk {
  storage: Storage;
  series: pl.Series;
  ints: number[];
}

/**
 * One result column of SQLite, whose values may disagree with each other and with the
 * declared type (SQLite types values, not columns). The column starts at its declared kind's
 * storage and widens as values demand: integer, then real (Float64), then text (String; an
 * integer as its digits, a real by `realText`). An integer past ±2^53 and a real make it text
 * too, as Float64 would round the integer. BLOBs are Binary and mix with nothing else. At the
 * end a column is at least its declared kind's floor (NUMERIC: Float64), a BOOLEAN column
 * whose values are all 0 or 1 becomes Boolean, and a DATE, DATETIME or TIME column whose
 * values are all ISO text becomes Date, Datetime or Time.
 */
export class SqliteColumn {
  private storage: Storage | null;
  private readonly floor: Storage | null;
  private builder: ColumnBuilder | null = null;
  /** Rows in the current builder, and which of them are integers in a Float64 builder. */
  private builderRows = 0;
  private ints: number[] = [];
  private readonly chunks: Chunk[] = [];
  private zeroOrOne = true;
  /** True once an integer past ±2^53 is read: the column can no longer be Float64. */
  private beyondDouble = false;
  private row = 0;
  /**
   * DATE, DATETIME and TIME columns: the values parsed as they are read, while every text so
   * far parses (null once one does not); the text is kept too, for when a later one does not.
   */
  private parsed: Int64Builder | null = null;
  private parse: ((text: string) => number | bigint | null) | null = null;
  private zoned: boolean | null = null;
  /** Nulls read before the first value of a column that reads by values. */
  private leadingNulls = 0;

  constructor(
    readonly name: string,
    private readonly declared: DeclaredKind | null,
  ) {
    this.floor = declared ? FLOOR[declared] : null;
    // A NUMERIC column's integers stay Int64 until a real or the end says otherwise.
    this.storage = declared === "numeric" ? "int" : this.floor;
    if (declared === "date") this.parse = parseIsoDate;
    else if (declared === "time") this.parse = parseIsoTime;
    else if (declared === "datetime") this.parse = (text) => this.parseDateTime(text);
    if (this.parse) this.parsed = new Int64Builder(name);
  }

  push(value: SqliteValue): void {
    this.row++;
    if (value === null) {
      if (this.storage === null) this.leadingNulls++;
      else {
        this.current().pushNull();
        this.builderRows++;
      }
      this.parsed?.pushNull();
      return;
    }
    if (this.parsed) this.parseValue(value);
    const storage = this.storageFor(value);
    if (this.storage === null || RANK[storage] > RANK[this.storage]) this.widen(storage);
    const target = this.storage as Storage;
    const builder = this.current();
    if (target === "blob" || storage === "blob") {
      if (target !== storage) throw this.mixedBlob();
      (builder as ValueBuilder<string>).push(Buffer.from(value as Uint8Array).toString("base64"));
    } else if (target === "int") {
      if (value !== 0n && value !== 1n) this.zeroOrOne = false;
      (builder as Int64Builder).pushBigInt(value as bigint);
    } else if (target === "real") {
      // Only integers within ±2^53 get here (storageFor): exact as doubles; noted, so that
      // if the column becomes text they are written as digits, not as reals (`5`, not `5.0`).
      if (typeof value === "bigint") this.ints.push(this.builderRows);
      (builder as NumberBuilder).push(Number(value));
    } else {
      const text =
        typeof value === "string" ? value : typeof value === "bigint" ? String(value) : realText(value as number);
      (builder as ValueBuilder<string>).push(text);
    }
    this.builderRows++;
  }

  flush(): void {
    this.builder?.flush();
    this.parsed?.flush();
  }

  /** The whole column; see the class comment for its type. */
  finish(): pl.Series {
    if (this.storage === null) this.storage = this.declared === "blob" ? "blob" : "text";
    if (this.leadingNulls > 0) this.current();
    this.closeBuilder();
    let storage = this.storage;
    if (this.floor !== null && RANK[this.floor] > RANK[storage]) storage = this.floor;
    if (storage === "real" && this.beyondDouble) storage = "text";
    if (this.parsed && storage === "text") {
      const values = this.parsed.finish().rename(this.name);
      return this.declared === "date" ? values.cast(pl.Int32).cast(pl.Date) : values.cast(this.temporalType());
    }
    let series = this.chunks
      .map((chunk) => widenChunk(chunk, storage))
      .reduce((all: pl.Series | null, next) => {
        if (all) all.append(next);
        return all ?? next;
      }, null);
    series ??= emptySeries(this.name, storage);
    if (this.declared === "boolean" && storage === "int" && this.zeroOrOne) return series.cast(pl.Bool);
    return series.rename(this.name);
  }

  /**
   * The storage a value needs: its own, except that an integer past ±2^53 and a real cannot
   * share a Float64, so either one meeting the other needs text.
   */
  private storageFor(value: Exclude<SqliteValue, null>): Storage {
    const storage = storageOf(value);
    if (storage === "int" && ((value as bigint) > MAX_EXACT_IN_DOUBLE || (value as bigint) < -MAX_EXACT_IN_DOUBLE)) {
      this.beyondDouble = true;
      return this.storage === "real" ? "text" : "int";
    }
    return storage === "real" && this.beyondDouble ? "text" : storage;
  }

  private temporalType(): DataType {
    if (this.declared === "date") return pl.Date;
    if (this.declared === "time") return pl.Time;
    return pl.Datetime("us", this.zoned ? "UTC" : undefined);
  }

  private parseValue(value: Exclude<SqliteValue, null>): void {
    const parsed = typeof value === "string" ? (this.parse as (text: string) => number | bigint | null)(value) : null;
    if (parsed === null) this.parsed = null;
    else if (typeof parsed === "bigint") this.parsed?.pushBigInt(parsed);
    else this.parsed?.pushNumber(parsed);
  }

  /** A DATETIME value: naive or zoned as the first value is, and every value alike. */
  private parseDateTime(text: string): number | bigint | null {
    if (this.zoned === null) {
      const naive = parseIsoDateTime(text, "naive");
      if (naive !== null) {
        this.zoned = false;
        return naive;
      }
      this.zoned = true;
    }
    return parseIsoDateTime(text, this.zoned ? "zoned" : "naive");
  }

  private current(): ColumnBuilder {
    if (!this.builder) {
      this.builder = builderFor(this.name, this.storage ?? "text");
      for (; this.leadingNulls > 0; this.leadingNulls--) {
        this.builder.pushNull();
        this.builderRows++;
      }
    }
    return this.builder;
  }

  private widen(storage: Storage): void {
    if (this.storage === "blob" || (this.storage !== null && storage === "blob")) throw this.mixedBlob();
    this.closeBuilder();
    this.storage = storage;
  }

  private closeBuilder(): void {
    if (!this.builder) return;
    this.chunks.push({ storage: this.storage ?? "text", series: this.builder.finish(), ints: this.ints });
    this.builder = null;
    this.builderRows = 0;
    this.ints = [];
  }

  private mixedBlob(): DataSourceError {
    return new DataSourceError(
      `SQLite column "${this.name}" holds both BLOB and other values (row ${this.row}); CAST it in a query`,
    );
  }
}

function storageOf(value: Exclude<SqliteValue, null>): Storage {
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return "real";
  if (typeof value === "string") return "text";
  return "blob";
}

function builderFor(name: string, storage: Storage): ColumnBuilder {
  switch (storage) {
    case "int":
      return new Int64Builder(name);
    case "real":
      return new NumberBuilder(name, float64s);
    case "text":
      return new ValueBuilder<string>(name, pl.String);
    case "blob":
      return binaryBuilder(name);
  }
}

function emptySeries(name: string, storage: Storage): pl.Series {
  return builderFor(name, storage).finish();
}

/**
 * A chunk in the column's final type: integers to Float64 (all within ±2^53 there), numbers
 * to text: integers as digits, reals by `realText`.
 */
function widenChunk(chunk: Chunk, to: Storage): pl.Series {
  const { series, storage: from } = chunk;
  if (from === to) return series;
  if (to === "real") return series.cast(pl.Float64);
  if (from === "int") return series.cast(pl.String);
  const ints = new Set(chunk.ints);
  const text = (series.toArray() as (number | null)[]).map((v, i) =>
    v === null ? null : ints.has(i) ? String(v) : realText(v),
  );
  return pl.Series(series.name, text, pl.String);
}

/**
 * A REAL in a column that holds text: the shortest text that reads back as the same double
 * (JavaScript's), with `.0` on a whole number and `Inf` for infinity as SQLite writes them.
 * SQLite's own CAST writes up to 17 digits (0.33333333333333332), which is no more exact.
 */
export function realText(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "Inf" : "-Inf";
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}
