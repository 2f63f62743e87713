import { extname } from "node:path";
import { formatOfExtension } from "../../formats/catalog";
import { csvReadSettings } from "../../formats/csv/options";
import { requestSql } from "../../formats/db/db-request";
import { wholeNumberOption } from "../../formats/option-checks";
import type { ReadOptions } from "../../formats/types";
import { ValidationError } from "../../shared/errors";
import { type DatabaseInput, type InputConfig, isDatabaseInput } from "../../tools/input/schema";
import { pyStr } from "../python-text";
import type { CodegenContext, ToolCodegen } from "../types";
import { READ_QVD_HELPER, READ_YXDB_HELPER, SCAN_JSON_HELPER } from "./input-helper";

/** Python's codec names for the encodings Weft transcodes (src/formats/csv/encoding.ts). */
const PYTHON_CODECS = {
  "windows-1252": "cp1252",
  "utf-16": "utf-16",
  "utf-16le": "utf-16-le",
  "utf-16be": "utf-16-be",
};

/** `name=value` argument lines of a call, one per line. */
const args = (pairs: [string, string][]) => pairs.map(([name, value]) => `    ${name}=${value},`);
const pyBool = (value: boolean) => (value ? "True" : "False");

function csvLines(path: string, options: ReadOptions, out: string): string[] {
  // The same checks and defaults as Weft's reader, so a bad option is the same 400.
  const s = csvReadSettings(path, options);
  const common: [string, string][] = [
    ["separator", pyStr(s.sep)],
    ["has_header", pyBool(s.hasHeader)],
    ["skip_rows", String(s.skipRows)],
    ["quote_char", pyStr(s.quoteChar)],
    ["infer_schema_length", String(s.inferSchemaLength)],
    ["try_parse_dates", pyBool(options.parse_dates ?? false)],
  ];
  if (s.encoding === "utf8" || s.encoding === "utf8-lossy") {
    return [
      `${out} = pl.scan_csv(`,
      `    ${pyStr(path)},`,
      ...args([...common, ["encoding", pyStr(s.encoding)]]),
      "    glob=False,  # the path is literal: brackets or stars in it are no pattern",
      ")",
    ];
  }
  const codec = PYTHON_CODECS[s.encoding];
  return [
    ...(s.encoding === "windows-1252" ? ["# Weft reads Latin-1 as windows-1252, as browsers do."] : []),
    `# Polars scans UTF-8 only: read_csv decodes ${codec} in memory first.`,
    `${out} = pl.read_csv(`,
    `    ${pyStr(path)},`,
    ...args([...common, ["encoding", pyStr(codec)]]),
    ").lazy()",
  ];
}

function sheetLines(path: string, options: ReadOptions, out: string, ctx: CodegenContext): string[] {
  ctx.requires("fastexcel", "Polars' Excel and ODS reader");
  const skipRows = wholeNumberOption(path, "skip_rows", options.skip_rows, 0);
  const hasHeader = options.has_header ?? true;
  const pairs: [string, string][] = [];
  const { sheet } = options;
  // Weft counts sheets from 0; Polars' sheet_id counts from 1 (and 0 means every sheet).
  if (typeof sheet === "number") pairs.push(["sheet_id", String(sheet + 1)]);
  else if (sheet) pairs.push(["sheet_name", pyStr(sheet)]);
  pairs.push(["has_header", pyBool(hasHeader)]);
  if (skipRows > 0) pairs.push(["read_options", `{${pyStr(hasHeader ? "header_row" : "skip_rows")}: ${skipRows}}`]);
  // Read in calamine's source: it reads an .xls only from an OLE2 file (BIFF5 `Book`, BIFF8 `Workbook`).
  const xls =
    extname(path).toLowerCase() === ".xls"
      ? [
          "# calamine reads .xls of Excel 5.0/95 and 97-2003 (BIFF5, BIFF8); a file of Excel 2.x-4.0,",
          "# which Weft reads, must be saved again (e.g. as .xlsx) for this script.",
        ]
      : [];
  return [
    ...xls,
    `# Weft reads the ${sheet === undefined || sheet === "" ? "first visible sheet" : "sheet"} and takes each column's type from all its rows.`,
    `${out} = pl.read_excel(`,
    `    ${pyStr(path)},`,
    ...args([...pairs, ["infer_schema_length", "None"], ["engine", pyStr("calamine")]]),
    ").lazy()",
  ];
}

/** The URI of a database Input comes from the environment; the script never holds a credential. */
function databaseLines(config: DatabaseInput, out: string, ctx: CodegenContext): string[] {
  let sql: string;
  try {
    sql = requestSql({ type: config.source_type, uri: "", query: config.query, table: config.table });
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ValidationError(`Tool "${ctx.toolId}": ${error.message}`, { cause: error });
    }
    throw error;
  }
  ctx.importModule("os");
  ctx.requires("connectorx", "Polars' database reader (read_database_uri)");
  const variable = `WEFT_${out.toUpperCase()}_URI`;
  const example = {
    postgresql: "postgresql://user:password@host:5432/database",
    mysql: "mysql://user:password@host:3306/database",
    mssql: "mssql://user:password@host:1433/database",
    sqlite: "sqlite:///absolute/path/to/file.db",
  }[config.source_type];
  const origin = config.connection
    ? "The workflow carried this connection's URI; it is left out of this script."
    : `In Weft this Input reads through connection ${pyStr(config.connection_id ?? "(none)")}.`;
  return [
    `# ${origin}`,
    `# Set the URI (credentials included) in the environment variable ${variable},`,
    `# e.g. ${example}`,
    `${out} = pl.read_database_uri(`,
    `    ${pyStr(sql)},`,
    `    os.environ[${pyStr(variable)}],`,
    ").lazy()",
  ];
}

/** The file format: source_type, else the extension's; Weft also sniffs the content (see below). */
function formatOf(source: string, sourceType: string | undefined): string | undefined {
  return sourceType ?? formatOfExtension(extname(source).slice(1).toLowerCase());
}

/**
 * Input: a file read with the Polars reader that matches Weft's (lazy scans for CSV, Parquet,
 * IPC and JSON lines), Weft's reading options spelled out, or a database query through
 * read_database_uri with the URI from an environment variable.
 */
export const inputCodegen: ToolCodegen<InputConfig> = (config, _inputs, ctx) => {
  const out = ctx.outputs.output as string;
  if (isDatabaseInput(config)) return databaseLines(config, out, ctx);
  const path = config.source;
  const options = config.options ?? {};
  const format = formatOf(path, config.source_type);
  switch (format) {
    case "parquet":
      return [`${out} = pl.scan_parquet(${pyStr(path)}, glob=False)`];
    case "ipc":
      return [`${out} = pl.scan_ipc(${pyStr(path)}, glob=False)`];
    case "json": {
      const infer = wholeNumberOption(path, "infer_schema_length", options.infer_schema_length, 100);
      return [`${out} = ${ctx.helper(SCAN_JSON_HELPER)}(${pyStr(path)}, infer_schema_length=${infer})`];
    }
    case "excel":
    case "ods":
      return sheetLines(path, options, out, ctx);
    case "avro":
      return [`${out} = pl.read_avro(${pyStr(path)}).lazy()`];
    case "qvd":
      ctx.requires("pyqvd", "QVD files (with pandas and pyarrow)");
      return [`${out} = ${ctx.helper(READ_QVD_HELPER)}(${pyStr(path)})`];
    case "yxdb":
      ctx.requires("yxdb", "YXDB files");
      return [`${out} = ${ctx.helper(READ_YXDB_HELPER)}(${pyStr(path)})`];
    case "csv":
      return csvLines(path, options, out);
    default:
      return [
        "# No known extension: Weft tells the format from the content (JSON when it starts with { or [).",
        ...csvLines(path, options, out),
      ];
  }
};
