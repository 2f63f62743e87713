import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ChunkDecoder, type CsvEncoding } from "./encoding";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reused copy's mtime is refreshed at most this often, so pruning spares copies in use. */
const REFRESH_MS = 60 * 60 * 1000;
const CHUNK_BYTES = 1 << 20;

/** Only as much of a file as `records` CSV records (header and skipped rows included). */
export interface PrefixRequest {
  records: number;
  /** Line breaks inside quotes do not end a record. */
  quoteChar: string;
}

/**
 * The folder of transcoded copies: one per user under the system temp folder, readable by
 * that user only, since the copies hold the users' data.
 */
export function transcodedDir(): string {
  return join(tmpdir(), `weft-transcoded-${process.getuid?.() ?? userInfo().username}`);
}

/**
 * A UTF-8 copy of `path` read in `encoding`, streamed through the decoder a chunk at a time
 * (the file is never whole in memory) and kept in transcodedDir(): a lazy Polars scan reads
 * its file only when collected, so the copy must outlive this call. Copies are keyed by the
 * file's real path, size, mtime and encoding and reused while the file is unchanged; they are
 * written under a temp name and renamed, so a copy under its final name is complete.
 * With `prefix`, only the first `prefix.records` records are transcoded, into a separate copy
 * (a preview of a 5 GB file does not transcode it all); a file that ends before that becomes
 * the full copy. Throws DataSourceError naming the file on bytes invalid in the encoding.
 */
export function transcodeToUtf8(path: string, encoding: CsvEncoding, prefix?: PrefixRequest): string {
  const dir = ensureDir();
  const stat = statSync(path);
  const source = [realpathSync(path), stat.size, stat.mtimeMs, encoding];
  const full = join(dir, `${hashOf(source)}.csv`);
  if (reuse(full)) return full;
  const partial = prefix && join(dir, `${hashOf([...source, prefix.records, prefix.quoteChar])}.prefix.csv`);
  if (partial && reuse(partial)) return partial;
  const temp = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
  let complete = false;
  try {
    complete = copyDecoded(path, temp, new ChunkDecoder(path, encoding, true), prefix);
    const target = complete || !partial ? full : partial;
    renameSync(temp, target);
    return target;
  } finally {
    if (existsSync(temp)) rmSync(temp, { force: true });
  }
}

/**
 * Removes transcoded copies (and temp files left by a crash) not written or reused for
 * `maxAgeMs` (a day by default), and answers how many were removed. Called by the cache
 * maintenance.
 */
export function pruneTranscoded(maxAgeMs: number = DAY_MS): number {
  const dir = transcodedDir();
  if (!existsSync(dir)) return 0;
  const cutoff = Date.now() - maxAgeMs;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      rmSync(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Decodes `path` into `target` as UTF-8; answers true when the whole file was copied. */
function copyDecoded(path: string, target: string, decoder: ChunkDecoder, prefix?: PrefixRequest): boolean {
  const input = openSync(path, "r");
  const output = openSync(target, "wx", 0o600);
  const counter = prefix && new RecordCounter(prefix);
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const read = readSync(input, buffer, 0, CHUNK_BYTES, null);
      const text = decoder.decode(buffer.subarray(0, read), read === 0);
      const cut = counter ? counter.cutAfter(text) : -1;
      writeAll(output, Buffer.from(cut < 0 ? text : text.slice(0, cut), "utf8"));
      if (cut >= 0) return false;
      if (read === 0) return true;
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}

/**
 * Counts records in decoded text to find where a prefix ends: a line break outside quotes
 * ends a record (a quote toggles, so a doubled quote inside a quoted field cancels out). An
 * unbalanced quote would make the rest of the file one record, so the prefix also ends after
 * a generous number of physical lines.
 */
class RecordCounter {
  private inQuote = false;
  private records = 0;
  private lines = 0;
  private readonly quote: number;
  private readonly maxLines: number;

  constructor(private readonly request: PrefixRequest) {
    this.quote = request.quoteChar.charCodeAt(0);
    this.maxLines = request.records * 100 + 10_000;
  }

  /** The index just after the line break that ends the prefix, or -1 when it is not in `text`. */
  cutAfter(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === this.quote) this.inQuote = !this.inQuote;
      else if (c === 10) {
        this.lines++;
        if (!this.inQuote) this.records++;
        if (this.records >= this.request.records || this.lines >= this.maxLines) return i + 1;
      }
    }
    return -1;
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
}

function reuse(file: string): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return false;
  const now = Date.now();
  if (now - stat.mtimeMs > REFRESH_MS) utimesSync(file, new Date(now), new Date(now));
  return true;
}

function hashOf(parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/**
 * Creates the folder (0700) or checks that the existing one is a real folder of this user,
 * since a folder in the shared temp folder could have been made by someone else to read
 * or plant copies.
 */
function ensureDir(): string {
  const dir = transcodedDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
    throw new Error(`${dir} is not a folder owned by this user; remove it so Weft can create it`);
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}
