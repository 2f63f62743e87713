import { afterAll, describe, expect, test } from "bun:test";
import { crc32 } from "node:zlib";
import { zipSync } from "fflate";
import { expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { openZip, readEntryPrefix, streamEntry, type ZipArchive } from "./zip";

const tmp = tempFolder("ods-zip");
afterAll(tmp.cleanup);
const encode = (s: string) => new TextEncoder().encode(s);

function archive(name: string, bytes: Uint8Array): ZipArchive {
  return openZip(tmp.file(name, bytes), bytes.length);
}

/** Every uncompressed byte of an entry, as text. */
function readAll(zip: ZipArchive, name: string): string {
  const entry = zip.entries.get(name);
  if (!entry) throw new Error(`no entry ${name}`);
  const parts: Uint8Array[] = [];
  streamEntry(zip, entry, (bytes) => {
    parts.push(bytes);
    return true;
  });
  return Buffer.concat(parts).toString("utf8");
}

/** A one-entry ZIP64 archive written by hand: sizes and offset in extra fields, a ZIP64 end record. */
function zip64(name: string, content: string): Uint8Array {
  const data = Buffer.from(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30 + nameBytes.length + 20);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(0xffffffff, 18);
  local.writeUInt32LE(0xffffffff, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(20, 28);
  nameBytes.copy(local, 30);
  local.writeUInt16LE(1, 30 + nameBytes.length);
  local.writeUInt16LE(16, 32 + nameBytes.length);
  local.writeBigUInt64LE(BigInt(data.length), 34 + nameBytes.length);
  local.writeBigUInt64LE(BigInt(data.length), 42 + nameBytes.length);
  const central = Buffer.alloc(46 + nameBytes.length + 28);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(28, 30);
  central.writeUInt32LE(0xffffffff, 42);
  nameBytes.copy(central, 46);
  const extra = 46 + nameBytes.length;
  central.writeUInt16LE(1, extra);
  central.writeUInt16LE(24, extra + 2);
  central.writeBigUInt64LE(BigInt(data.length), extra + 4);
  central.writeBigUInt64LE(BigInt(data.length), extra + 12);
  central.writeBigUInt64LE(0n, extra + 20);
  const directoryOffset = local.length + data.length;
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeBigUInt64LE(1n, 24);
  end64.writeBigUInt64LE(1n, 32);
  end64.writeBigUInt64LE(BigInt(central.length), 40);
  end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + central.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([local, data, central, end64, locator, end]);
}

describe("openZip and streamEntry", () => {
  test("stored and deflated entries, with unicode names, read back exactly", () => {
    const big = "row,".repeat(100_000);
    const zip = archive(
      "two.zip",
      zipSync({ "stored.txt": [encode("plain"), { level: 0 }], "données/été.xml": [encode(big), { level: 9 }] }),
    );
    expect([...zip.entries.keys()]).toEqual(["stored.txt", "données/été.xml"]);
    expect(zip.entries.get("données/été.xml")?.uncompressedSize).toBe(big.length);
    expect(readAll(zip, "stored.txt")).toBe("plain");
    expect(readAll(zip, "données/été.xml")).toBe(big);
  });

  test("a comment after the end record is stepped over", () => {
    const bytes = Buffer.from(zipSync({ "a.txt": encode("x") }));
    bytes.writeUInt16LE(11, bytes.length - 2);
    const zip = archive("comment.zip", Buffer.concat([bytes, Buffer.from("hello there")]));
    expect(readAll(zip, "a.txt")).toBe("x");
  });

  test("a ZIP64 archive: sizes and offsets from the extra field and the ZIP64 end record", () => {
    const zip = archive("z64.zip", zip64("content.xml", "<x>zip64</x>"));
    expect(zip.entries.get("content.xml")).toMatchObject({
      compressedSize: 12,
      uncompressedSize: 12,
      localHeaderOffset: 0,
    });
    expect(readAll(zip, "content.xml")).toBe("<x>zip64</x>");
  });

  test("answering false stops reading: a large entry is not inflated to its end", () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `${i * 7919}`).join(",");
    const zip = archive("large.zip", zipSync({ "big.txt": encode(text) }));
    const entry = zip.entries.get("big.txt");
    if (!entry) throw new Error("no entry");
    let seen = 0;
    streamEntry(zip, entry, (bytes) => {
      seen += bytes.length;
      return false;
    });
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(text.length / 2);
    expect(Buffer.from(readEntryPrefix(zip, entry, 10)).toString()).toBe(text.slice(0, 10));
  });

  test("damage that still inflates is caught by the size and CRC-32 check", () => {
    const bytes = Buffer.from(zipSync({ "a.txt": [encode("hello world"), { level: 0 }] }));
    const at = bytes.indexOf("hello");
    bytes[at] = "j".charCodeAt(0);
    const zip = archive("crc.zip", bytes);
    expectDataSourceError(() => readAll(zip, "a.txt"), zip.path, "a.txt is damaged", "CRC-32");
  });

  test("no end record, a directory outside the file, a corrupt directory, a local header missing", () => {
    const good = Buffer.from(zipSync({ "a.txt": encode("hello") }));
    const noEnd = tmp.file("noend.zip", good.subarray(0, good.length - 22));
    expectDataSourceError(() => openZip(noEnd, good.length - 22), noEnd, "not a zip archive or it is truncated");

    const outside = Buffer.from(good);
    outside.writeUInt32LE(good.length, good.length - 6);
    const a = tmp.file("outside.zip", outside);
    expectDataSourceError(() => openZip(a, outside.length), a, "central directory lies outside the file");

    const corrupt = Buffer.from(good);
    corrupt.writeUInt32LE(0xdeadbeef, corrupt.readUInt32LE(good.length - 6));
    const b = tmp.file("corrupt.zip", corrupt);
    expectDataSourceError(() => openZip(b, corrupt.length), b, "central directory is corrupt (entry 1)");

    const noLocal = Buffer.from(good);
    noLocal.writeUInt32LE(0, 0);
    const zip = archive("nolocal.zip", noLocal);
    expectDataSourceError(() => readAll(zip, "a.txt"), zip.path, "a.txt has no valid local header");
  });

  test("an end record that claims more entries than its directory holds", () => {
    const bytes = Buffer.from(zipSync({ "a.txt": encode("hello") }));
    bytes.writeUInt16LE(5000, bytes.length - 12);
    const path = tmp.file("count.zip", bytes);
    expectDataSourceError(() => openZip(path, bytes.length), path, "central directory is corrupt (entry 2)");
  });
});
