import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadOptions } from "../types";
import { csvEncoding } from "./encoding";
import { scanCsv } from "./reader";

const tmp = tempFolder("csv-encoding");
// Transcoded copies go under the test's own folder (os.tmpdir() reads TMPDIR on each call),
// so the test neither leaves copies behind nor prunes anyone else's.
const savedTmpdir = process.env.TMPDIR;
beforeAll(() => {
  process.env.TMPDIR = tmp.dir;
});
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  tmp.cleanup();
});

/** windows-1252 bytes of characters this test uses outside ASCII and Latin-1's printable range. */
const CP1252_EXTRAS: Record<string, number> = { "€": 0x80, "„": 0x84, "…": 0x85, Œ: 0x8c, š: 0x9a, "“": 0x93 };

/** Encodes text as windows-1252 by hand (an oracle independent of TextDecoder). */
function cp1252(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    const extra = CP1252_EXTRAS[ch];
    if (extra !== undefined) return extra;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
    throw new Error(`no windows-1252 byte for ${ch}`);
  });
}

/** UTF-16 bytes of the text, with a byte-order mark unless `bom` is false. */
function utf16(text: string, order: "le" | "be", bom = true): Uint8Array {
  const le = Buffer.from(`${bom ? "\uFEFF" : ""}${text}`, "utf16le");
  if (order === "be")
    for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  return le;
}

interface Row {
  id: number;
  name: string | null;
  price: string | null;
}

/** Rows with é, ß, €, quotes, a delimiter and a line break inside quotes, and a null. */
const ROWS: Row[] = [
  { id: 1, name: "café", price: "€5" },
  { id: 2, name: "Straße", price: null },
  { id: 3, name: 'Œuvre „quoted“, "x"\nsecond line…', price: "€ 1.000" },
  { id: 4, name: null, price: "šß" },
];

/** The rows as CSV text with a header, quoting like RFC 4180 (written here, not by Polars). */
function csvText(rows: Row[], eol = "\n"): string {
  const field = (v: string | number | null) => {
    if (v === null) return "";
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return ["id,name,price", ...rows.map((r) => [r.id, r.name, r.price].map(field).join(","))].join(eol) + eol;
}

function read(path: string, options: ReadOptions): Row[] {
  return collect(scanCsv(path, options)).toRecords() as unknown as Row[];
}

describe("scanCsv reads Latin-1, windows-1252 and UTF-16 files by transcoding them", () => {
  test("a Latin-1 / windows-1252 file with é, ß, € decodes under every spelling of the encoding", () => {
    const path = tmp.file("cp1252.csv", cp1252(csvText(ROWS)));
    for (const encoding of ["latin1", "Latin-1", "ISO-8859-1", "iso_8859_1", "windows-1252", "CP1252"]) {
      expect(read(path, { encoding })).toEqual(ROWS);
    }
    // Read as UTF-8 the same bytes are refused or mangled, so the test above is not vacuous.
    expect(() => read(path, {})).toThrow();
  });

  test("CRLF line ends and a semicolon delimiter survive transcoding", () => {
    const text = csvText(ROWS, "\r\n").replace(/,/g, ";");
    const path = tmp.file("semi.csv", cp1252(text));
    // The name of row 3 holds a comma, which became a semicolon inside quotes as well.
    const expected = ROWS.map((r) => ({ ...r, name: r.name?.replace(/,/g, ";") ?? null }));
    expect(read(path, { encoding: "latin1", delimiter: ";" })).toEqual(expected);
  });

  test("UTF-16 with a byte-order mark, little- and big-endian, under utf-16 and the explicit order", () => {
    const text = csvText(ROWS);
    const le = tmp.file("le.csv", utf16(text, "le"));
    const be = tmp.file("be.csv", utf16(text, "be"));
    for (const encoding of ["utf-16", "UTF16", "utf-16le"]) expect(read(le, { encoding })).toEqual(ROWS);
    for (const encoding of ["utf-16", "utf-16be"]) expect(read(be, { encoding })).toEqual(ROWS);
    // The mark is not part of the first column's name.
    expect(collect(scanCsv(le, { encoding: "utf-16" })).columns).toEqual(["id", "name", "price"]);
  });

  test("UTF-16 without a mark: utf-16 guesses the order from a leading zero byte", () => {
    const text = "a,b\n1,ü\n";
    expect(read(tmp.file("le-nobom.csv", utf16(text, "le", false)), { encoding: "utf-16" })).toEqual([
      { a: 1, b: "ü" },
    ] as never);
    expect(read(tmp.file("be-nobom.csv", utf16(text, "be", false)), { encoding: "utf-16" })).toEqual([
      { a: 1, b: "ü" },
    ] as never);
  });

  test("unicode beyond the BMP (surrogate pairs) and header names with accents", () => {
    const text = "ñame,emoji\nJosé,🚀✓\n";
    expect(read(tmp.file("astral.csv", utf16(text, "le")), { encoding: "utf-16" })).toEqual([
      { ñame: "José", emoji: "🚀✓" },
    ] as never);
  });

  test("UTF-16 problems are DataSourceErrors naming the file", () => {
    const le = tmp.file("le2.csv", utf16("a\n1\n", "le"));
    expectDataSourceError(() => scanCsv(le, {}), le, "UTF-16LE byte-order mark", 'encoding to "utf-16"');
    expectDataSourceError(() => scanCsv(le, { encoding: "utf-16be" }), le, "UTF-16LE byte-order mark");
    const odd = tmp.file("odd.csv", Buffer.concat([utf16("a\n1\n", "le"), Buffer.from([0x41])]));
    expectDataSourceError(() => scanCsv(odd, { encoding: "utf-16" }), odd, "not valid UTF-16LE");
    const lone = tmp.file("lone.csv", Buffer.concat([utf16("a\n", "le"), Buffer.from([0x00, 0xd8, 0x31, 0x00])]));
    expectDataSourceError(() => scanCsv(lone, { encoding: "utf-16" }), lone, "not valid UTF-16LE");
    const markOnly = tmp.file("mark.csv", utf16("", "le"));
    expectDataSourceError(() => scanCsv(markOnly, { encoding: "utf-16" }), markOnly, "holds no text");
  });

  test("has_header false and skip_rows work on a transcoded file", () => {
    const path = tmp.file("skip.csv", cp1252("exporté par X\n1,é\n2,€\n"));
    expect(read(path, { encoding: "latin1", skip_rows: 1, has_header: false })).toEqual([
      { column_1: 1, column_2: "é" },
      { column_1: 2, column_2: "€" },
    ] as never);
  });
});

describe("csvEncoding", () => {
  test("maps spellings to one encoding and refuses others naming the file", () => {
    expect(csvEncoding("f.csv", undefined)).toBe("utf8");
    expect(csvEncoding("f.csv", "Latin1")).toBe("windows-1252");
    expect(csvEncoding("f.csv", "UTF-16BE")).toBe("utf-16be");
    expect(csvEncoding("f.csv", "utf_8_lossy")).toBe("utf8-lossy");
    expectDataSourceError(() => csvEncoding("f.csv", "koi8-r"), "f.csv", '"koi8-r" is not supported', "utf8-lossy");
  });
});
