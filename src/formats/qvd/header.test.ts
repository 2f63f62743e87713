import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { MAX_HEADER_BYTES, type QvdHeader, readQvdHeader } from "./header";
import { type BuiltQvd, buildTestQvd, qvdBytes, type TestTable } from "./qvd-writer.fixture";
import { QvdSource } from "./source";

const tmp = tempFolder("qvd-header");
afterAll(tmp.cleanup);

function headerOf(path: string): QvdHeader {
  const source = new QvdSource(path, statSync(path).size);
  try {
    return readQvdHeader(source);
  } finally {
    source.close();
  }
}

/** Two fields (a nullable text, a constant dual int) and three rows. */
function sampleTable(headerEnd?: string): TestTable {
  return {
    tableName: "Tåble <1>",
    fields: [
      { name: "name & co", symbols: [{ text: "a" }, { text: "bé" }], nullable: true, tags: ["$text"] },
      { name: "n", symbols: [{ int: 7, text: "7" }], numberFormat: "INTEGER", tags: ["$numeric", "$integer"] },
    ],
    rows: [
      [0, 0],
      [null, 0],
      [1, 0],
    ],
    headerEnd,
  };
}

const sample = (): BuiltQvd => buildTestQvd(sampleTable());

describe("readQvdHeader", () => {
  test("reads the table and every field's layout", () => {
    const built = sample();
    const header = headerOf(tmp.file("sample.qvd", qvdBytes(built)));
    expect(header.tableName).toBe("Tåble <1>");
    expect(header.dataStart).toBe(Buffer.byteLength(built.header));
    expect(header.noOfRecords).toBe(3);
    // name: bias -2, stored bits 2, 0, 3 → 2 bits; n: constant → 0 bits.
    expect(header.recordByteSize).toBe(1);
    expect(header.tableOffset).toBe(3 + 5 + 7); // [4]"a\0", [4]"bé\0" (é is 2 bytes), then [5] int32 "7\0"
    expect(header.tableLength).toBe(3);
    expect(header.fields).toEqual([
      {
        name: "name & co",
        bitOffset: 0,
        bitWidth: 2,
        bias: -2,
        numberFormat: "UNKNOWN",
        tags: ["$text"],
        noOfSymbols: 2,
        offset: 0,
        length: 8,
      },
      {
        name: "n",
        bitOffset: 0,
        bitWidth: 0,
        bias: 0,
        numberFormat: "INTEGER",
        tags: ["$numeric", "$integer"],
        noOfSymbols: 1,
        offset: 8,
        length: 7,
      },
    ]);
  });

  test("the data starts after CR LF NUL, CR LF, or right after the closing tag; a BOM is skipped", () => {
    for (const headerEnd of ["\r\n\0", "\r\n", "\n", ""]) {
      const built = buildTestQvd(sampleTable(headerEnd));
      const path = tmp.file("ends.qvd", qvdBytes(built));
      expect(headerOf(path).dataStart).toBe(Buffer.byteLength(built.header));
    }
    const bom = sample();
    const path = tmp.file("bom.qvd", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), qvdBytes(bom)]));
    expect(headerOf(path).dataStart).toBe(Buffer.byteLength(bom.header) + 3);
  });

  test("a closing tag split across two 64 KiB reads is found", () => {
    const built = sample();
    const tag = "</QvdTableHeader>";
    for (const before of [1, 8, tag.length - 1]) {
      const at = built.header.indexOf(tag);
      const padding = "x".repeat(64 * 1024 - before - Buffer.byteLength(built.header.slice(0, at)));
      const header = built.header.replace(
        "<Comment></Comment>\n  <EncryptionInfo>",
        `<Comment>${padding}</Comment>\n  <EncryptionInfo>`,
      );
      expect(Buffer.byteLength(header.slice(0, header.indexOf(tag)))).toBe(64 * 1024 - before);
      const path = tmp.file("split.qvd", qvdBytes({ header, data: built.data }));
      expect(headerOf(path).dataStart).toBe(Buffer.byteLength(header));
    }
  });
});

describe("hostile or broken headers are DataSourceErrors naming the file", () => {
  /** `edit` rewrites the sample's header text; the data is unchanged. */
  const cases: [string, (header: string) => string, string][] = [
    ["BitWidth over 64", (h) => h.replace("<BitWidth>2</BitWidth>", "<BitWidth>65</BitWidth>"), "BitWidth 65"],
    ["negative BitWidth", (h) => h.replace("<BitWidth>2</BitWidth>", "<BitWidth>-1</BitWidth>"), "BitWidth -1"],
    [
      "bits outside the record",
      (h) => h.replace("<BitOffset>0</BitOffset>", "<BitOffset>7</BitOffset>"),
      "outside its 1-byte records",
    ],
    ["symbols past the end", (h) => h.replace("<Offset>8</Offset>", "<Offset>900</Offset>"), "truncated"],
    ["symbol length past the end", (h) => h.replace("<Length>7</Length>", "<Length>70000000000</Length>"), "truncated"],
    [
      "absurd NoOfSymbols",
      (h) => h.replace("<NoOfSymbols>1</NoOfSymbols>", "<NoOfSymbols>4000000000</NoOfSymbols>"),
      "too few for them",
    ],
    [
      "more records than the index table holds",
      (h) => h.replace("<NoOfRecords>3</NoOfRecords>", "<NoOfRecords>100000</NoOfRecords>"),
      "holds 3 bytes",
    ],
    [
      "absurd NoOfRecords",
      (h) => h.replace("<NoOfRecords>3</NoOfRecords>", "<NoOfRecords>9000000000000000</NoOfRecords>"),
      "too many",
    ],
    [
      "NoOfRecords beyond 2^53",
      (h) => h.replace("<NoOfRecords>3</NoOfRecords>", "<NoOfRecords>99999999999999999999</NoOfRecords>"),
      "not an integer",
    ],
    [
      "zero-byte records in implausible numbers",
      (h) =>
        h
          .replace("<BitWidth>2</BitWidth>", "<BitWidth>0</BitWidth>")
          .replace("<RecordByteSize>1</RecordByteSize>", "<RecordByteSize>0</RecordByteSize>")
          .replace("<NoOfRecords>3</NoOfRecords>", "<NoOfRecords>4000000000</NoOfRecords>"),
      "implausible",
    ],
    ["index table past the end", (h) => h.replace("<Length>3</Length>", "<Length>4</Length>"), "truncated"],
    ["negative table offset", (h) => h.replace("<Offset>15</Offset>", "<Offset>-15</Offset>"), "negative"],
    ["negative symbol length", (h) => h.replace("<Length>8</Length>", "<Length>-8</Length>"), "negative"],
    [
      "a number that is not one",
      (h) => h.replace("<Bias>-2</Bias>", "<Bias>minus two</Bias>"),
      '"minus two", which is not an integer',
    ],
    ["an empty number", (h) => h.replace("<Bias>-2</Bias>", "<Bias></Bias>"), "not an integer"],
    ["missing NoOfRecords", (h) => h.replace("<NoOfRecords>3</NoOfRecords>", ""), "has no <NoOfRecords>"],
    [
      "missing BitWidth",
      (h) => h.replace("<BitWidth>0</BitWidth>", ""),
      'field "n" of the QVD header has no <BitWidth>',
    ],
    [
      "missing FieldName",
      (h) => h.replace("<FieldName>n</FieldName>", ""),
      "field 2 of the QVD header has no <FieldName>",
    ],
    ["missing Fields", (h) => h.replace(/<Fields>[\s\S]*<\/Fields>/, ""), "has no <Fields>"],
    [
      "duplicate field names",
      (h) => h.replace("<FieldName>n</FieldName>", "<FieldName>name &amp; co</FieldName>"),
      'names the field "name & co" twice',
    ],
    [
      "fields sharing one symbol table",
      (h) => h.replace("<Offset>8</Offset>", "<Offset>0</Offset>").replace("<Length>7</Length>", "<Length>15</Length>"),
      "(23 bytes together) are larger than the file",
    ],
    [
      "fields sharing the same bits",
      (h) => h.replace("<BitWidth>0</BitWidth>", "<BitWidth>7</BitWidth>"),
      "add up to 9 bits, more than a 1-byte record",
    ],
    [
      "encrypted",
      (h) => h.replace("<EncryptionInfo></EncryptionInfo>", "<EncryptionInfo>AES</EncryptionInfo>"),
      "encrypted",
    ],
    [
      "compressed",
      (h) => h.replace("<Compression></Compression>", "<Compression>zip</Compression>"),
      'compression "zip"',
    ],
    ["malformed XML", (h) => h.replace("</TableName>", "</TableNam>"), "XML is malformed"],
    ["no closing tag", (h) => h.replace("</QvdTableHeader>", "</QvdTable>"), "never ends"],
  ];
  for (const [label, edit, problem] of cases) {
    test(label, () => {
      const built = sample();
      const header = edit(built.header);
      expect(header).not.toBe(built.header);
      const path = tmp.file("hostile.qvd", qvdBytes({ header, data: built.data }));
      expectDataSourceError(() => headerOf(path), path, problem);
    });
  }

  test("bytes that are not XML", () => {
    const path = tmp.file("garbage.qvd", Buffer.from([0x00, 0x13, 0x88, 0xff, 0x3c]));
    expectDataSourceError(() => headerOf(path), path, "not a QVD file");
  });

  test("an XML start without a closing tag in the first 64 MiB gives up there", () => {
    const path = tmp.file("endless.qvd", Buffer.concat([Buffer.from("<?xml "), Buffer.alloc(MAX_HEADER_BYTES, 0x61)]));
    expectDataSourceError(() => headerOf(path), path, `no </QvdTableHeader> in its first ${MAX_HEADER_BYTES} bytes`);
  });
});

describe.skipIf(!HAS_REAL_FIXTURES)(`real QVD headers${SKIP_NOTE}`, () => {
  const facts: [string, string, number, number, number][] = [
    // file, table name, NoOfRecords, RecordByteSize, fields
    ["AAPL.qvd", "Stock", 2746, 10, 8],
    ["small.qvd", "Products", 606, 7, 8],
    ["large.qvd", "InternetSales_Fact", 60398, 11, 11],
    ["empty_qvd.qvd", "TestTable", 0, 1, 3],
  ];
  for (const [file, tableName, records, recordByteSize, fields] of facts) {
    test(`${file}: header facts, and Qlik's CR LF NUL before data that fills the file exactly`, () => {
      const path = realFixture("qvd", file);
      const header = headerOf(path);
      expect(header.tableName).toBe(tableName);
      expect(header.noOfRecords).toBe(records);
      expect(header.recordByteSize).toBe(recordByteSize);
      expect(header.fields.length).toBe(fields);
      const bytes = readFileSync(path);
      expect(bytes.toString("latin1", header.dataStart - 20, header.dataStart)).toBe("</QvdTableHeader>\r\n\0");
      expect(header.dataStart + header.tableOffset + header.tableLength).toBe(bytes.length);
    });
  }

  test("AAPL.qvd field layout as the header states it", () => {
    const header = headerOf(realFixture("qvd", "AAPL.qvd"));
    expect(header.fields.map((f) => [f.name, f.bitOffset, f.bitWidth, f.bias, f.noOfSymbols])).toEqual([
      ["Date", 0, 12, 0, 2746],
      ["Open", 12, 12, 0, 2745],
      ["High", 24, 12, 0, 2746],
      ["Low", 40, 12, 0, 2746],
      ["Close", 52, 12, 0, 2708],
      ["Volume", 64, 12, 0, 2739],
      ["Dividends", 36, 4, 0, 11],
      ["Stock Splits", 76, 4, 0, 3],
    ]);
    expect(header.fields[0]?.tags).toEqual(["$numeric", "$integer", "$timestamp", "$date"]);
    expect(header.tableLength).toBe(27460);
  });

  test("empty_qvd.qvd: every field has no symbols; Sales has BitWidth 8", () => {
    const header = headerOf(realFixture("qvd", "empty_qvd.qvd"));
    expect(header.fields.map((f) => [f.name, f.noOfSymbols, f.offset, f.length, f.bitWidth])).toEqual([
      ["Country", 0, 0, 0, 0],
      ["Year", 0, 0, 0, 0],
      ["Sales", 0, 0, 0, 8],
    ]);
    expect([header.tableOffset, header.tableLength]).toEqual([0, 0]);
  });

  test("large.qvd NumberFormat types", () => {
    const header = headerOf(realFixture("qvd", "large.qvd"));
    expect(header.fields.map((f) => f.numberFormat)).toEqual([
      "INTEGER",
      "INTEGER",
      "UNKNOWN",
      "INTEGER",
      "INTEGER",
      "REAL",
      "MONEY",
      "MONEY",
      "MONEY",
      "TIMESTAMP",
      "TIMESTAMP",
    ]);
  });

  test("damaged.qvd: the header's XML does not parse", () => {
    const path = realFixture("qvd", "damaged.qvd");
    expectDataSourceError(() => headerOf(path), path, "XML is malformed");
  });
});
