import type pl from "nodejs-polars";

/** The source types of docs/server-api.md "Data formats" (files and databases). */
export const SOURCE_TYPES = [
  "avro",
  "csv",
  "excel",
  "ipc",
  "json",
  "ods",
  "parquet",
  "qvd",
  "yxdb",
  "postgresql",
  "mysql",
  "sqlite",
  "mssql",
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** Reader options of the Input tool and the data-source API (decisions.md `input` options). */
export interface ReadOptions {
  delimiter?: string;
  has_header?: boolean;
  sheet?: string | number;
  skip_rows?: number;
  encoding?: string;
  infer_schema_length?: number;
  quote_char?: string;
  /**
   * CSV: read ISO dates and date-times as Date and Datetime (decided, like numbers, by the
   * first `infer_schema_length` rows). Off by default, as it slows every read.
   */
  parse_dates?: boolean;
}

/**
 * What the caller will do with a scan, so a reader that decodes rows itself (not through a
 * Polars scanner) can do less: a preview asks for at most `maxRows` rows, and the reader may
 * stop decoding there. Absent means every row.
 */
export interface ReadHints {
  maxRows?: number;
  /**
   * Bounded memory mode: a fresh folder, removed when the job ends, where a reader may copy
   * the file in parts so Polars holds one part at a time (CSV: split.ts).
   */
  spillDir?: () => string;
}

/** What inspection found: `errors` make a run fail or lose data, `warnings` may surprise. */
export interface SourceValidation {
  errors: string[];
  warnings: string[];
}

/** Writer options of the Output tool. */
export interface WriteOptions {
  delimiter?: string;
  include_header?: boolean;
  compression?: string;
}

/**
 * One file format: how it is named and recognized, and how it is read (lazily where the
 * format allows) and written. One registry of these drives inspection, preview and the
 * Input/Output tools, so they agree.
 */
export interface FileFormat {
  type: SourceType;
  /** Lower-case extensions without the dot. */
  extensions: readonly string[];
  /** True when Weft reads the format itself rather than through Polars' scanners. */
  customLoader: boolean;
  /**
   * The options a file's name implies (a .tsv file's tab), for a caller reading it through
   * a path without that name (an opened descriptor's `/proc/self/fd/N`).
   */
  defaultsFor?(name: string): ReadOptions;
  /** A lazy frame over the file. Throws DataSourceError naming the file on a bad file. */
  scan(path: string, options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame;
  /**
   * The number of data rows when the format can tell it without decoding every row (a
   * header or footer that stores it, block counts); undefined when it cannot.
   */
  countRows?(path: string, options: ReadOptions): number | undefined;
  /**
   * Problems worth telling before a run (ragged rows, mixed types, odd header names), for
   * `/api/datasource/inspect`; a file that cannot be read at all throws instead.
   */
  validate?(path: string, options: ReadOptions): SourceValidation;
  /** A workbook's sheet names, in the order the `sheet` option's index counts them. */
  sheets?(path: string): string[];
  /** The extensions the writer makes, when not all of them (Excel writes .xlsx only). */
  writeExtensions?: readonly string[];
  /**
   * Writes the frame to `path` atomically (a temp file beside it, then rename) and answers
   * the rows written. Absent for read-only formats.
   */
  write?(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number };
  /**
   * The writer streams the frame through a Polars sink and never holds it whole (CSV,
   * Parquet, IPC, JSON); a full run in bounded memory mode writes only such formats.
   */
  writeStreams?: true;
}
