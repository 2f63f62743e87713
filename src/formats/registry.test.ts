import { describe, expect, test } from "bun:test";
import { DataSourceError } from "../shared/errors";
import { FILE_FORMAT_TYPES } from "./catalog";
import { FILE_FORMATS, formatByType, formatForPath, supportedExtensions } from "./registry";
import { SOURCE_TYPES } from "./types";

const EXPECTED: Record<string, string> = {
  csv: "csv",
  tsv: "csv",
  tab: "csv",
  txt: "csv",
  parquet: "parquet",
  ipc: "ipc",
  arrow: "ipc",
  feather: "ipc",
  json: "json",
  jsonl: "json",
  ndjson: "json",
  avro: "avro",
  xlsx: "excel",
  xls: "excel",
  xlsb: "excel",
  ods: "ods",
  qvd: "qvd",
  yxdb: "yxdb",
};

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("format registry", () => {
  test("every extension maps to its format, whatever its case", () => {
    for (const [extension, type] of Object.entries(EXPECTED)) {
      expect<string>(formatForPath(`/data/sales.${extension}`).type).toBe(type);
      expect<string>(formatForPath(`/data/SALES.${extension.toUpperCase()}`).type).toBe(type);
    }
  });

  test("only the last extension counts, and dots in folder names do not", () => {
    expect(formatForPath("/data/v1.2/sales.backup.parquet").type).toBe("parquet");
    expect(formatForPath("relative/sales.tsv").type).toBe("csv");
  });

  test("an explicit source type wins over the extension", () => {
    expect(formatForPath("/data/export.txt", "json").type).toBe("json");
    expect(formatForPath("/data/file.csv", "parquet").type).toBe("parquet");
    expect(formatForPath("/data/no-extension", "ipc").type).toBe("ipc");
  });

  test("an unknown extension is a DataSourceError naming the file and the supported extensions", () => {
    const error = errorOf(() => formatForPath("/data/report.docx"));
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error.message).toContain("/data/report.docx");
    expect(error.message).toContain('".docx"');
    for (const extension of Object.keys(EXPECTED)) expect(error.message).toContain(`.${extension}`);
  });

  test("a file without extension is a DataSourceError naming it", () => {
    const error = errorOf(() => formatForPath("/data/README"));
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error.message).toContain("/data/README");
    expect(error.message).toContain("no extension");
  });

  test("a source type that is not a registered file format is a DataSourceError", () => {
    for (const type of ["postgresql", "bogus"]) {
      const error = errorOf(() => formatForPath("/data/x.csv", type));
      expect(error).toBeInstanceOf(DataSourceError);
      expect(error.message).toContain("/data/x.csv");
      expect(error.message).toContain(type);
    }
  });

  test("formatByType finds registered types and nothing else", () => {
    for (const type of ["csv", "parquet", "ipc", "json", "avro", "excel", "ods", "qvd", "yxdb"])
      expect<string | undefined>(formatByType(type)?.type).toBe(type);
    expect(formatByType("postgresql")).toBeUndefined();
    expect(formatByType("CSV")).toBeUndefined();
  });

  test("supportedExtensions lists exactly the registered extensions", () => {
    expect(supportedExtensions().sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test("the list is consistent: the catalogue's types in order, unique lower-case extensions, a reader each", () => {
    const types = FILE_FORMATS.map((f) => f.type);
    expect(types).toEqual(FILE_FORMAT_TYPES);
    for (const type of types) expect(SOURCE_TYPES).toContain(type);
    const extensions = supportedExtensions();
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const extension of extensions) expect(extension).toMatch(/^[a-z0-9]+$/);
    for (const format of FILE_FORMATS) {
      expect(typeof format.scan).toBe("function");
      // Polars reads the first four itself; the others are Weft's own readers.
      expect(format.customLoader).toBe(!["csv", "parquet", "ipc", "json"].includes(format.type));
    }
    const writable = FILE_FORMATS.filter((f) => f.write).map((f) => f.type);
    expect(writable).toEqual(["csv", "parquet", "ipc", "json", "avro", "excel"]);
  });
});
