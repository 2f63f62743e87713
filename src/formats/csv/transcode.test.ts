import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collect, tempFolder } from "../../../tests/helpers/format-samples";
import { scanCsv } from "./reader";
import { pruneTranscoded, transcodedDir, transcodeToUtf8 } from "./transcode";

const tmp = tempFolder("csv-transcode");
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

const DAY = 24 * 60 * 60 * 1000;

/** Latin-1 bytes of text whose characters are all below U+0100 (checked, so the oracle is honest). */
function latin1(text: string): Buffer {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) throw new Error("not Latin-1");
  return Buffer.from(text, "latin1");
}

interface BigRow {
  id: number;
  name: string;
  note: string | null;
}

/** Row i of the big file: accents, and every 7th note quoted with a line break and a comma inside. */
function bigRow(i: number): BigRow {
  return {
    id: i,
    name: `Café n°${i} Straße`,
    note: i % 5 === 0 ? null : i % 7 === 0 ? `première ligne, ${i}\ndeuxième « ligne »` : `ñ${i}`,
  };
}

function bigLine(r: BigRow): string {
  const note = r.note === null ? "" : r.note.includes("\n") ? `"${r.note}"` : r.note;
  return `${r.id},${r.name},${note}\n`;
}

/** Names in the transcoded folder now. */
function copies(): Set<string> {
  return new Set(existsSync(transcodedDir()) ? readdirSync(transcodedDir()) : []);
}

function added(before: Set<string>): string[] {
  return [...copies()].filter((name) => !before.has(name));
}

describe("prefix transcoding for a preview (maxRows)", () => {
  const rowsInBig = 550_000;
  let big = "";

  beforeAll(() => {
    const parts = ["id,name,note\n"];
    for (let i = 1; i <= rowsInBig; i++) parts.push(bigLine(bigRow(i)));
    big = tmp.file("big-latin1.csv", latin1(parts.join("")));
  });

  test("returns the first rows and writes only a small prefix copy, not the whole file", () => {
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(20_000_000);
    const before = copies();
    const frame = collect(scanCsv(big, { encoding: "latin1" }, { maxRows: 100 }));
    const rows = frame.head(100).toRecords();
    expect(rows).toEqual(Array.from({ length: 100 }, (_, i) => bigRow(i + 1)) as never);
    expect(frame.height).toBeLessThan(200);
    const made = added(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toEndWith(".prefix.csv");
    const prefixSize = statSync(join(transcodedDir(), made[0] as string)).size;
    expect(prefixSize).toBeLessThan(size / 1000);
    // The prefix ends at a record boundary: its text parses into whole rows.
    expect(readFileSync(join(transcodedDir(), made[0] as string), "utf8")).toEndWith("\n");
  });

  test("skip_rows and a header-less file count toward the prefix; quoted line breaks do not end rows", () => {
    const rows = collect(scanCsv(big, { encoding: "latin1", skip_rows: 1, has_header: false }, { maxRows: 30 }))
      .head(30)
      .toRecords();
    const expected = Array.from({ length: 30 }, (_, i) => {
      const r = bigRow(i + 1);
      return { column_1: r.id, column_2: r.name, column_3: r.note };
    });
    expect(rows).toEqual(expected as never);
  });

  test("a full scan after the preview transcodes the whole file once and reads every row", () => {
    const before = copies();
    const frame = collect(scanCsv(big, { encoding: "latin1" }));
    expect(frame.height).toBe(rowsInBig);
    const last = frame.tail(1).toRecords()[0];
    expect(last).toEqual(bigRow(rowsInBig) as never);
    const made = added(before);
    expect(made).toHaveLength(1);
    expect(made[0]).not.toEndWith(".prefix.csv");
    // Once the full copy exists, a preview reuses it rather than writing another prefix.
    const again = copies();
    collect(scanCsv(big, { encoding: "latin1" }, { maxRows: 5 }));
    expect(added(again)).toEqual([]);
  });
});

describe("the transcoded copies", () => {
  test("the folder is private to the user, under the system temp folder", () => {
    expect(transcodedDir().startsWith(tmp.dir)).toBe(true);
    transcodeToUtf8(tmp.file("p.csv", latin1("a\né\n")), "windows-1252");
    expect(statSync(transcodedDir()).mode & 0o777).toBe(0o700);
  });

  test("a second scan reuses the copy without rewriting it; a changed file gets a new copy", () => {
    const path = tmp.file("reuse.csv", latin1("a,b\n1,é\n"));
    const first = transcodeToUtf8(path, "windows-1252");
    const stamp = statSync(first).mtimeMs;
    const inode = statSync(first).ino;
    expect(collect(scanCsv(path, { encoding: "latin1" })).toRecords()).toEqual([{ a: 1, b: "é" }]);
    expect(transcodeToUtf8(path, "windows-1252")).toBe(first);
    expect(statSync(first).mtimeMs).toBe(stamp);
    expect(statSync(first).ino).toBe(inode);
    // Another encoding is another copy.
    expect(transcodeToUtf8(path, "utf-16le")).not.toBe(first);
    appendFileSync(path, latin1("2,ß\n"));
    const second = transcodeToUtf8(path, "windows-1252");
    expect(second).not.toBe(first);
    expect(collect(scanCsv(path, { encoding: "latin1" })).toRecords()).toEqual([
      { a: 1, b: "é" },
      { a: 2, b: "ß" },
    ]);
  });

  test("a prefix request on a file shorter than the prefix makes the full copy", () => {
    const path = tmp.file("short.csv", latin1("a\n1\n2\n"));
    const prefix = transcodeToUtf8(path, "windows-1252", { records: 1000, quoteChar: '"' });
    expect(prefix).not.toEndWith(".prefix.csv");
    expect(transcodeToUtf8(path, "windows-1252")).toBe(prefix);
    expect(readFileSync(prefix, "utf8")).toBe("a\n1\n2\n");
  });

  test("a prefix cut respects the quote character", () => {
    const path = tmp.file("quotes.csv", latin1("h\n'x\ny'\n'z'\nlast\n"));
    const cut = transcodeToUtf8(path, "windows-1252", { records: 2, quoteChar: "'" });
    expect(readFileSync(cut, "utf8")).toBe("h\n'x\ny'\n");
  });

  test("pruneTranscoded removes copies older than the age given and keeps the others", () => {
    const oldPath = tmp.file("old.csv", latin1("a\nà\n"));
    const freshPath = tmp.file("fresh.csv", latin1("a\nè\n"));
    const oldCopy = transcodeToUtf8(oldPath, "windows-1252");
    const freshCopy = transcodeToUtf8(freshPath, "windows-1252");
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    utimesSync(oldCopy, twoDaysAgo, twoDaysAgo);
    const leftover = join(transcodedDir(), ".crashed.tmp");
    writeFileSync(leftover, "partial");
    utimesSync(leftover, twoDaysAgo, twoDaysAgo);
    expect(pruneTranscoded(DAY)).toBeGreaterThanOrEqual(2);
    expect(existsSync(oldCopy)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(freshCopy)).toBe(true);
    // A scan after pruning transcodes again.
    expect(collect(scanCsv(oldPath, { encoding: "latin1" })).toRecords()).toEqual([{ a: "à" }]);
    expect(existsSync(oldCopy)).toBe(true);
  });

  test("a reused copy is touched (at most hourly) so pruning spares a copy still in use", () => {
    const path = tmp.file("touch.csv", latin1("a\nì\n"));
    const copy = transcodeToUtf8(path, "windows-1252");
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    utimesSync(copy, twoDaysAgo, twoDaysAgo);
    expect(transcodeToUtf8(path, "windows-1252")).toBe(copy);
    expect(statSync(copy).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    pruneTranscoded(DAY);
    expect(existsSync(copy)).toBe(true);
  });
});
