import { describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { toZip64 } from "./workbooks.fixture";
import { withClassicEndRecord, zipDamage } from "./zip-check";

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

function sampleZip(): Buffer {
  return Buffer.from(zipSync({ "a.txt": strToU8("hello ".repeat(50)), "dir/b.xml": strToU8("<b/>") }));
}

describe("zipDamage", () => {
  test("a whole package, with or without a trailing comment, is fine", () => {
    const zip = sampleZip();
    expect(zipDamage(zip)).toBeUndefined();
    const commented = Buffer.concat([zip, Buffer.from("a comment")]);
    commented.writeUInt16LE(9, commented.lastIndexOf(EOCD) + 20);
    expect(zipDamage(commented)).toBeUndefined();
  });

  test("every truncation is caught", () => {
    const zip = sampleZip();
    for (let cut = 0; cut < zip.length; cut++) expect(zipDamage(zip.subarray(0, cut))).toBeString();
  });

  test("a directory offset past the end, or an entry pointing at no local header, is caught", () => {
    const zip = sampleZip();
    const eocd = zip.lastIndexOf(EOCD);
    const farDirectory = Buffer.from(zip);
    farDirectory.writeUInt32LE(zip.length, eocd + 16);
    expect(zipDamage(farDirectory)).toContain("past the end");
    const badLocal = Buffer.from(zip);
    badLocal.writeUInt32LE(0xdeadbeef, 0);
    expect(zipDamage(badLocal)).toContain("local header");
    const shortData = Buffer.from(zip);
    const directory = zip.readUInt32LE(eocd + 16);
    shortData.writeUInt32LE(0x7fffffff, directory + 20);
    expect(zipDamage(shortData)).toContain("cut short");
  });

  test("a ZIP64 end record is followed, and its counts are copied into the classic record", () => {
    const zip = sampleZip();
    const zip64 = toZip64(zip);
    expect(zipDamage(zip64)).toBeUndefined();
    const classic = withClassicEndRecord(zip64);
    const eocd = classic.lastIndexOf(EOCD);
    const original = zip.lastIndexOf(EOCD);
    expect([classic.readUInt16LE(eocd + 10), classic.readUInt32LE(eocd + 12), classic.readUInt32LE(eocd + 16)]).toEqual(
      [zip.readUInt16LE(original + 10), zip.readUInt32LE(original + 12), zip.readUInt32LE(original + 16)],
    );
    expect(withClassicEndRecord(zip)).toBe(zip);
    const noLocator = Buffer.from(zip64);
    noLocator.writeUInt32LE(0, zip64.lastIndexOf(EOCD) - 20);
    expect(zipDamage(noLocator)).toContain("ZIP64");
  });
});
