import { describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import type pl from "nodejs-polars";
import { collect, expectDataSourceError } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { readQvdHeader } from "./header";
import { decodeIndexTable } from "./index-table";
import { countQvdRows, scanQvd } from "./reader";
import { QvdSource } from "./source";
import { readSymbols, type SymbolTable, symbolText } from "./symbols";

const fixture = (file: string) => realFixture("qvd", file);
const read = (file: string, maxRows?: number) =>
  collect(scanQvd(fixture(file), {}, maxRows === undefined ? undefined : { maxRows }));
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const isoDay = (date: unknown) => (date as Date).toISOString().slice(0, 10);
const dtype = (frame: pl.DataFrame, column: string) => String(frame.schema[column]);

/** A fixture read once, on first use (never while tests are only being collected). */
function once(file: string): () => pl.DataFrame {
  let frame: pl.DataFrame | undefined;
  return () => {
    frame ??= read(file);
    return frame;
  };
}

/** AAPL.expected.csv as rows of text cells (it has no quoting: dates and plain numbers). */
function expectedCsv(): { columns: string[]; rows: string[][] } {
  const lines = readFileSync(fixture("AAPL.expected.csv"), "utf8").trimEnd().split("\n");
  return { columns: (lines[0] as string).split(","), rows: lines.slice(1).map((line) => line.split(",")) };
}

/** How many representable doubles lie between a and b (0 when equal). */
function ulpDistance(a: number, b: number): number {
  const view = new DataView(new ArrayBuffer(16));
  view.setFloat64(0, a);
  view.setFloat64(8, b);
  return Number(view.getBigInt64(0) - view.getBigInt64(8));
}

describe.skipIf(!HAS_REAL_FIXTURES)(`real QVD files written by Qlik${SKIP_NOTE}`, () => {
  describe("AAPL.qvd against AAPL.expected.csv", () => {
    const aapl = once("AAPL.qvd");
    let csvCache: ReturnType<typeof expectedCsv> | undefined;
    const loadCsv = () => {
      csvCache ??= expectedCsv();
      return csvCache;
    };

    test("shape, names (with the space in Stock Splits) and types", () => {
      const frame = aapl();
      const csv = loadCsv();
      expect(frame.shape).toEqual({ height: 2746, width: 8 });
      expect(frame.columns).toEqual(csv.columns);
      expect(frame.columns).toEqual(["Date", "Open", "High", "Low", "Close", "Volume", "Dividends", "Stock Splits"]);
      const types = frame.columns.map((c) => dtype(frame, c));
      expect(types).toEqual([
        "DataType(Date)",
        ...Array(4).fill("DataType(Float64)"),
        "DataType(Int64)",
        "DataType(Float64)",
        "DataType(Int64)",
      ]);
      expect(csv.rows.length).toBe(2746);
    });

    test("every cell matches, in order; 45 prices differ from the CSV by one unit in the last place", () => {
      const frame = aapl();
      const csv = loadCsv();
      const records = frame.rows();
      const inexact: Record<string, number> = {};
      csv.rows.forEach((cells, r) => {
        const row = records[r] as unknown[];
        expect(isoDay(row[0])).toBe(cells[0] as string);
        for (let c = 1; c < 8; c++) {
          const actual = row[c] as number;
          const expected = Number(cells[c]);
          const distance = Math.abs(ulpDistance(actual, expected));
          if (distance > 1) throw new Error(`row ${r + 1} ${csv.columns[c]}: ${actual} is not ${cells[c]}`);
          if (distance === 1) inexact[csv.columns[c] as string] = (inexact[csv.columns[c] as string] ?? 0) + 1;
        }
      });
      // Those are duals whose number (which Weft reads) and text (which the CSV holds) disagree.
      expect(inexact).toEqual({ Open: 13, High: 16, Low: 16 });
    });

    test("the CSV holds each dual's text: every cell's text form equals it byte for byte", () => {
      const csv = loadCsv();
      const path = fixture("AAPL.qvd");
      const source = new QvdSource(path, statSync(path).size);
      try {
        const header = readQvdHeader(source);
        const tables = header.fields.map((f) => readSymbols(source, header, f));
        const indexes = decodeIndexTable(
          source,
          header,
          tables.map((t) => t.count),
          header.noOfRecords,
        );
        let cells = 0;
        csv.rows.forEach((row, r) => {
          header.fields.forEach((_, f) => {
            const index = indexes[f];
            const i = index?.kind === "rows" ? (index.indexes[r] as number) : (index?.index as number);
            if (symbolText(tables[f] as SymbolTable, i) !== row[f]) throw new Error(`row ${r + 1} field ${f}`);
            cells++;
          });
        });
        expect(cells).toBe(2746 * 8);
      } finally {
        source.close();
      }
    });

    test("first and last rows, and the sum of Volume", () => {
      const frame = aapl();
      expect(frame.row(0)).toEqual([
        utcDay(2010, 1, 4),
        6.522157623622897,
        6.55485543686017,
        6.490070999717296,
        6.539881706237793,
        493729600,
        0,
        0,
      ]);
      expect(frame.row(2745)).toEqual([
        utcDay(2020, 11, 27),
        116.56999969482422,
        117.48999786376953,
        116.22000122070312,
        116.58999633789062,
        46691300,
        0,
        0,
      ]);
      // Row 3's Open is the dual's number, not its text "6.551188676404236".
      expect(frame.getColumn("Open").get(2)).toBe(6.5511886764042355);
      const volumes = frame.getColumn("Volume").toArray() as number[];
      expect(volumes.reduce((a, b) => a + b, 0)).toBe(787960675900);
    });

    test("countQvdRows and a 5-row preview", () => {
      const frame = aapl();
      expect(countQvdRows(fixture("AAPL.qvd"), {})).toBe(2746);
      const head = read("AAPL.qvd", 5);
      expect(head.shape).toEqual({ height: 5, width: 8 });
      expect(head.rows()).toEqual(frame.head(5).rows());
    });
  });

  describe("small.qvd (Products)", () => {
    const small = once("small.qvd");

    test("606 rows × 8 columns, in order", () => {
      const frame = small();
      expect(frame.shape).toEqual({ height: 606, width: 8 });
      expect(frame.columns).toEqual([
        "ProductKey",
        "ProductSubcategoryKey",
        "ProductName",
        "Color",
        "ListPrice",
        "Size",
        "Weight",
        "DaysToManufacture",
      ]);
      expect(countQvdRows(fixture("small.qvd"), {})).toBe(606);
      expect(read("small.qvd", 5).shape).toEqual({ height: 5, width: 8 });
    });

    test("the literal text NULL mixed with dual numbers makes String columns; no real nulls", () => {
      const frame = small();
      const types = frame.columns.map((c) => dtype(frame, c));
      expect(types).toEqual(["DataType(Int64)", ...Array(6).fill("DataType(String)"), "DataType(Int64)"]);
      for (const column of frame.getColumns()) expect(column.nullCount()).toBe(0);
    });

    test("rows 1, 3 and 606 as the manifest gives them", () => {
      const frame = small();
      expect(frame.row(0)).toEqual([1, "NULL", "Adjustable Race", "NA", "NULL", "NULL", "NULL", 0]);
      expect(frame.row(2)).toEqual([3, "NULL", "BB Ball Bearing", "NA", "NULL", "NULL", "NULL", 1]);
      expect(frame.row(605)).toEqual([606, "2", "Road-750 Black, 52", "Black", "539.99", "52", "20.42", 4]);
    });
  });

  describe("large.qvd (InternetSales_Fact)", () => {
    const large = once("large.qvd");

    test("60398 rows × 11 columns with the NumberFormat's types", () => {
      const frame = large();
      expect(frame.shape).toEqual({ height: 60398, width: 11 });
      expect(Object.fromEntries(frame.columns.map((c) => [c, dtype(frame, c)]))).toEqual({
        ProductKey: "DataType(Int64)",
        CustomerKey: "DataType(Int64)",
        SalesOrderNumber: "DataType(String)",
        SalesOrderLineNumber: "DataType(Int64)",
        OrderQuantity: "DataType(Int64)",
        DiscountAmount: "DataType(Float64)",
        SalesAmount: "DataType(Float64)",
        TaxAmt: "DataType(Float64)",
        Freight: "DataType(Float64)",
        OrderDate: "DataType(Datetime(ms,))",
        ShipDate: "DataType(Datetime(ms,))",
      });
      expect(countQvdRows(fixture("large.qvd"), {})).toBe(60398);
    });

    test("first and last rows (TIMESTAMP day serials as midnight datetimes)", () => {
      const frame = large();
      expect(frame.row(0)).toEqual([
        310,
        21768,
        "SO43697",
        1,
        1,
        0,
        3578.27,
        286.2616,
        89.4568,
        utcDay(2014, 5, 5),
        utcDay(2014, 5, 12),
      ]);
      expect(frame.row(60397)).toEqual([
        225,
        18759,
        "SO75123",
        3,
        1,
        0,
        8.99,
        0.7192,
        0.2248,
        utcDay(2017, 6, 4),
        utcDay(2017, 6, 11),
      ]);
    });

    test("BitWidth 0 fields hold their one symbol on every row; SalesAmount sums as stated", () => {
      const frame = large();
      expect(new Set(frame.getColumn("OrderQuantity").toArray())).toEqual(new Set([1]));
      expect(new Set(frame.getColumn("DiscountAmount").toArray())).toEqual(new Set([0]));
      const sales = frame.getColumn("SalesAmount").toArray() as number[];
      expect(sales.reduce((a, b) => a + b, 0)).toBeCloseTo(29358677.22065041, 5);
    });

    test("a 5-row preview is the first 5 rows", () => {
      const frame = large();
      const head = read("large.qvd", 5);
      expect(head.shape).toEqual({ height: 5, width: 11 });
      expect(head.rows()).toEqual(frame.head(5).rows());
    });
  });

  test("empty_qvd.qvd: three columns, no rows", () => {
    const frame = read("empty_qvd.qvd");
    expect(frame.shape).toEqual({ height: 0, width: 3 });
    expect(frame.columns).toEqual(["Country", "Year", "Sales"]);
    expect(countQvdRows(fixture("empty_qvd.qvd"), {})).toBe(0);
  });

  test("damaged.qvd fails cleanly, naming the file", () => {
    const path = fixture("damaged.qvd");
    expectDataSourceError(() => scanQvd(path, {}), path, "XML is malformed");
    expectDataSourceError(() => countQvdRows(path, {}), path);
  });
});
