import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { zipSync } from "fflate";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import { DataSourceError } from "../../shared/errors";
import { contentXml, num, odsPackage, row, sheet } from "./ods-builder.fixture";
import { odsSheetNames, scanOds } from "./reader";

const tmp = tempFolder("ods-damaged");
afterAll(tmp.cleanup);
const FIXTURES = ["issues.ods", "date.ods", "special_cells.ods", "any_sheets.ods"];
const encode = (s: string) => new TextEncoder().encode(s);

/** A deterministic byte stream (xorshift), so a failure can be replayed. */
function seededBytes(length: number, seed: number): Uint8Array {
  let x = seed;
  return Uint8Array.from({ length }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x & 0xff;
  });
}

/** Sets a field of the central-directory entry of `name` (8 = flags, 10 = method: 16-bit; 24 = size: 32-bit). */
function patchCentralEntry(zip: Uint8Array, name: string, offset: number, value: number): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = bytes.length - 22; at >= 0; at--) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      if (offset === 24) bytes.writeUInt32LE(value, at + offset);
      else bytes.writeUInt16LE(value, at + offset);
      return bytes;
    }
  }
  throw new Error(`no central entry ${name}`);
}

/** Reads every way a caller does; answers normally or throws a DataSourceError naming the file, nothing else. */
function readsOrRefuses(path: string): "read" | "refused" {
  try {
    odsSheetNames(path);
    collect(scanOds(path, {}));
    collect(scanOds(path, { has_header: false }, { maxRows: 2 }));
    return "read";
  } catch (error) {
    expect(error).toBeInstanceOf(DataSourceError);
    expect((error as Error).message).toContain(path);
    return "refused";
  }
}

const plain = contentXml(sheet("S", row(num(1))));

describe("files that are not ODS spreadsheets", () => {
  test("a missing file, a directory and an empty file", () => {
    const missing = `${tmp.dir}/nope.ods`;
    expectDataSourceError(() => scanOds(missing, {}), "File not found", missing);
    expectDataSourceError(() => odsSheetNames(tmp.dir), tmp.dir, "is a directory");
    const empty = tmp.file("empty.ods", "");
    expectDataSourceError(() => scanOds(empty, {}), empty, "the file is empty");
  });

  test("random garbage and a text file with the .ods extension", () => {
    for (const [i, size] of [10, 100, 5000, 70_000].entries()) {
      const path = tmp.file(`garbage-${i}.ods`, seededBytes(size, 0x9e3779b9 + i));
      expectDataSourceError(() => scanOds(path, {}), path, "not a zip archive or it is truncated");
    }
    const csv = tmp.file("data.ods", "a,b\n1,2\n");
    expectDataSourceError(() => odsSheetNames(csv), csv, "not a zip archive");
  });

  test("a zip without content.xml; an .xlsx renamed .ods; an OpenDocument text document", () => {
    const bare = tmp.file("bare.ods", zipSync({ "readme.txt": encode("hello") }));
    expectDataSourceError(() => scanOds(bare, {}), bare, "the zip has no content.xml");
    const xlsx = tmp.file(
      "book.ods",
      zipSync({ "[Content_Types].xml": encode("<Types/>"), "xl/workbook.xml": encode("<w/>") }),
    );
    expectDataSourceError(() => scanOds(xlsx, {}), xlsx, "no content.xml", "looks like an Excel .xlsx file");
    const odt = tmp.file("letter.ods", odsPackage(plain, { mimetype: "application/vnd.oasis.opendocument.text" }));
    expectDataSourceError(
      () => scanOds(odt, {}),
      odt,
      "application/vnd.oasis.opendocument.text",
      "not an ODS spreadsheet",
    );
  });

  test("a password-protected document says so", () => {
    const manifest =
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">' +
      '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">' +
      '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"/></manifest:file-entry></manifest:manifest>';
    const path = tmp.file("secret.ods", odsPackage(seededBytes(4000, 7), { "META-INF/manifest.xml": manifest }));
    expectDataSourceError(() => scanOds(path, {}), path, "password-protected");
    expectDataSourceError(() => odsSheetNames(path), path, "password-protected");
    // The same bytes without the manifest's word are only damaged.
    const damaged = tmp.file("damaged.ods", odsPackage(seededBytes(4000, 7)));
    expectDataSourceError(() => scanOds(damaged, {}), damaged, "content.xml");
  });

  test("zip-level encryption and an unsupported compression method", () => {
    const zipped = odsPackage(plain);
    const encrypted = tmp.file("zipcrypto.ods", patchCentralEntry(zipped, "content.xml", 8, 1));
    expectDataSourceError(() => scanOds(encrypted, {}), encrypted, "content.xml is encrypted");
    const bzip = tmp.file("bzip.ods", patchCentralEntry(zipped, "content.xml", 10, 12));
    expectDataSourceError(() => scanOds(bzip, {}), bzip, "compression method 12");
  });

  test("content.xml damaged yet still inflating, or larger than its record, is caught by full reads", () => {
    const stored = Buffer.from(
      zipSync({
        mimetype: [encode("application/vnd.oasis.opendocument.spreadsheet"), { level: 0 }],
        "content.xml": [encode(contentXml(sheet("Sheet", row(num(1))))), { level: 0 }],
      }),
    );
    stored[stored.indexOf("Sheet")] = "Z".charCodeAt(0);
    const changed = tmp.file("changed.ods", stored);
    expectDataSourceError(() => scanOds(changed, {}), changed, "content.xml is damaged", "CRC-32");
    expectDataSourceError(() => odsSheetNames(changed), changed, "CRC-32");
    const small = tmp.file("small.ods", patchCentralEntry(odsPackage(plain), "content.xml", 24, 100));
    expectDataSourceError(() => scanOds(small, {}), small, "content.xml is corrupt", "past its recorded size");
  });

  test("content.xml that is not UTF-8, not well-formed, or bombs with entities", () => {
    const latin1 = Uint8Array.from(Buffer.from(contentXml(sheet("S", row(num(1)))).replace("S", "\u00e9"), "latin1"));
    const a = tmp.file("latin1.ods", odsPackage(latin1));
    expectDataSourceError(() => scanOds(a, {}), a, "content.xml is not valid UTF-8");
    const b = tmp.file("broken.ods", odsPackage(plain.replace("</table:table-row>", "")));
    expectDataSourceError(() => scanOds(b, {}), b, "content.xml is not well-formed XML");
    const lol =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      contentXml(
        sheet("S", row('<table:table-cell office:value-type="string"><text:p>&lol2;</text:p></table:table-cell>')),
      ).replace('<?xml version="1.0" encoding="UTF-8"?>', "");
    const c = tmp.file("lol.ods", odsPackage(lol));
    expectDataSourceError(() => scanOds(c, {}), c, "not well-formed XML");
  });
});

const title = HAS_REAL_FIXTURES ? "damaged real fixtures" : `damaged real fixtures${SKIP_NOTE}`;

describe.skipIf(!HAS_REAL_FIXTURES)(title, () => {
  test("truncated copies of every fixture, at many cut points, are DataSourceErrors naming the copy", () => {
    for (const name of FIXTURES) {
      const bytes = readFileSync(realFixture("ods", name));
      const cuts = [
        1,
        4,
        30,
        100,
        1000,
        bytes.length >> 2,
        bytes.length >> 1,
        bytes.length - 200,
        bytes.length - 22,
        bytes.length - 1,
      ];
      for (const cut of cuts) {
        const path = tmp.file(`cut-${cut}-${name}`, bytes.subarray(0, cut));
        expectDataSourceError(() => scanOds(path, {}), path);
        expectDataSourceError(() => odsSheetNames(path), path);
      }
    }
  });

  test("bytes overwritten inside each fixture: read, or refused with a DataSourceError naming the copy", () => {
    let refused = 0;
    for (const name of FIXTURES) {
      const bytes = readFileSync(realFixture("ods", name));
      for (let i = 0; i < 12; i++) {
        const copy = Buffer.from(bytes);
        const at = Math.floor(((i + 0.5) / 12) * copy.length);
        copy.set(seededBytes(16, 31 * i + 1), Math.min(at, copy.length - 16));
        if (readsOrRefuses(tmp.file(`flip-${i}-${name}`, copy)) === "refused") refused += 1;
      }
    }
    // Most damage is seen (deflate data, XML, the zip's structure); some lands in unused entries.
    expect(refused).toBeGreaterThan(10);
  });
});
