import { closeSync, openSync, readSync, statSync } from "node:fs";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import type { ReadOptions } from "../types";
import { ColumnTypes } from "./column-types";
import { byteOrderMark, ChunkDecoder } from "./encoding";
import { Examples, joinAnd, plural } from "./examples";
import { type CsvReadSettings, csvReadSettings } from "./options";
import { type CsvRecord, CsvTokenizer, MAX_QUOTED_LINES, type TokenizerEvents } from "./tokenizer";
import { Utf8Checker } from "./utf8-check";

const CHUNK_BYTES = 64 * 1024;

/** What validation found: errors make reading fail or go wrong, warnings change what is read. */
export interface CsvValidation {
  errors: string[];
  warnings: string[];
}

/**
 * Checks the first `maxLines` records of a delimited text file (header and skipped rows
 * included) for what makes reading it fail or go wrong, for the data-source inspect
 * endpoint: ragged rows, blank lines, quotes RFC 4180 does not allow, an unterminated quote,
 * repeated or empty header names, numbers mixed with text in a column (and values Polars'
 * type guess from the first `infer_schema_length` rows will not read), NUL characters and
 * bytes invalid in the encoding. A UTF-8 byte-order mark is fine. Each finding is a sentence
 * naming 1-based physical line numbers (a few, then "and N more"). Reads the file in chunks,
 * linear in what it reads. Throws DataSourceError for a missing or unreadable file or an
 * invalid option.
 */
export function validateCsv(path: string, options: ReadOptions, maxLines = 10_000): CsvValidation {
  const settings = csvReadSettings(path, options);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat?.isFile() && stat.size === 0)
    return { errors: ["the file is empty: it has no header and no rows"], warnings: [] };
  checkReadableFile(path);
  const checks = new CsvChecks(settings, maxLines);
  const utf8 = settings.encoding === "utf8" || settings.encoding === "utf8-lossy" ? new Utf8Checker() : undefined;
  const decoder = new ChunkDecoder(path, settings.encoding, utf8 === undefined);
  const tokenizer = new CsvTokenizer(settings.sep, settings.quoteChar, checks);
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    for (let first = true; ; first = false) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      const bytes = buffer.subarray(0, read);
      const bom = first ? byteOrderMark(bytes) : undefined;
      if (utf8 && (bom === "utf-16le" || bom === "utf-16be")) {
        checks.errors.push(`the file starts with a ${bom.toUpperCase()} byte-order mark: set encoding to "utf-16"`);
        return checks.report(utf8, false);
      }
      utf8?.push(bytes);
      let text: string;
      try {
        text = decoder.decode(bytes, read === 0);
      } catch (error) {
        // The decoder's own error: the bytes are not in the encoding; report it and stop there.
        if (!(error instanceof DataSourceError)) throw error;
        checks.errors.push(`the text is not valid from line ${tokenizer.currentLine} on: ${error.message}`);
        return checks.report(utf8, false);
      }
      tokenizer.push(text);
      if (tokenizer.done) return checks.report(utf8, false, tokenizer.currentLine);
      if (read === 0) {
        utf8?.end();
        tokenizer.end();
        return checks.report(utf8, true);
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Follows the records of the file and turns what it sees into messages. */
class CsvChecks implements TokenizerEvents {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  private records = 0;
  private skipped = 0;
  /** Field count of the header (or of the first row without one), once known. */
  private expected: number | undefined;
  private rows = 0;
  private readonly columns: ColumnTypes[] = [];
  private readonly more = new Examples();
  private readonly fewer = new Examples();
  private readonly blank = new Examples();
  private readonly quoteInside = new Examples();
  private readonly textAfterQuote = new Examples();
  private readonly nulLines = new Examples();
  private lastNulLine = 0;
  private openQuote: { line: number; endOfInput: boolean } | undefined;

  constructor(
    private readonly settings: CsvReadSettings,
    private readonly maxLines: number,
  ) {}

  record(record: CsvRecord): boolean {
    this.records++;
    const { hasHeader, skipRows } = this.settings;
    // With a header, Polars skips blank lines at the start of the file before anything else.
    const leadingBlank = record.blank && hasHeader && this.skipped === 0 && this.expected === undefined;
    if (leadingBlank) return this.records < this.maxLines;
    if (this.skipped < skipRows) this.skipped++;
    else if (hasHeader && this.expected === undefined) this.header(record);
    else this.row(record);
    return this.records < this.maxLines;
  }

  badQuote(line: number, field: number, kind: "inside" | "after"): void {
    (kind === "inside" ? this.quoteInside : this.textAfterQuote).add(`line ${line} (field ${field})`);
  }

  nul(line: number): void {
    if (line === this.lastNulLine) return;
    this.lastNulLine = line;
    this.nulLines.add(`line ${line}`);
  }

  unterminated(line: number, endOfInput: boolean): void {
    this.openQuote = { line, endOfInput };
  }

  private header(record: CsvRecord): void {
    const names = record.fields;
    this.expected = names.length;
    const positions = new Map<string, string[]>();
    names.forEach((name, j) => {
      this.columns.push(new ColumnTypes(name));
      positions.set(name, [...(positions.get(name) ?? []), String(j + 1)]);
    });
    for (const [name, at] of positions) {
      if (at.length < 2 || name.trim() === "") continue;
      this.warnings.push(
        `the header (line ${record.line}) repeats the column name ${JSON.stringify(name)} (columns ${joinAnd(at)}); the repeats are read as ${JSON.stringify(`${name}_duplicated_0`)} and so on`,
      );
    }
    const empty = names.flatMap((name, j) => (name.trim() === "" ? [String(j + 1)] : []));
    if (empty.length > 0) {
      this.warnings.push(
        `the header (line ${record.line}) has no name for ${empty.length === 1 ? "column" : "columns"} ${joinAnd(empty)}; name every column so tools can refer to it`,
      );
    }
  }

  private row(record: CsvRecord): void {
    this.rows++;
    if (record.blank) {
      this.blank.add(`line ${record.line}`);
      return;
    }
    if (this.expected === undefined) {
      this.expected = record.fields.length;
      record.fields.forEach((_, j) => {
        this.columns.push(new ColumnTypes(`column_${j + 1}`));
      });
    }
    const count = record.fields.length;
    if (count > this.expected) this.more.add(`line ${record.line} has ${count}`);
    else if (count < this.expected) this.fewer.add(`line ${record.line} has ${count}`);
    const shared = Math.min(count, this.expected);
    for (let j = 0; j < shared; j++) this.columns[j]?.add(record.fields[j] as string, this.rows, record.line);
  }

  /**
   * The findings, errors first in the order a user would fix them. `complete` when the whole
   * file was read; `lastLine` drops bad bytes found past the last line checked.
   */
  report(utf8: Utf8Checker | undefined, complete: boolean, lastLine = Number.POSITIVE_INFINITY): CsvValidation {
    const { errors, warnings } = this;
    const against = this.settings.hasHeader ? "the header" : "the first row";
    if (complete && this.expected === undefined && errors.length === 0) {
      errors.push(
        this.skipped < this.settings.skipRows
          ? `skip_rows is ${this.settings.skipRows} but the file has only ${plural(this.skipped, "row")}`
          : `the file holds no ${this.settings.hasHeader ? "header" : "rows"}: it has only blank lines or a byte-order mark`,
      );
    }
    if (this.openQuote) {
      const { line, endOfInput } = this.openQuote;
      errors.push(
        endOfInput
          ? `line ${line}: a quoted field opens here and is never closed, so the rest of the file is read as one value (an unterminated quote)`
          : `line ${line}: a quoted field opens here and is still open ${MAX_QUOTED_LINES} lines later (an unterminated quote?); the file was checked up to there`,
      );
    }
    if (this.quoteInside.count > 0) {
      errors.push(
        `${plural(this.quoteInside.count, "unquoted field holds", "unquoted fields hold")} a quote character, which Polars refuses (quote the field and double the quote: "5"" screen"): ${this.quoteInside.describe()}`,
      );
    }
    if (this.textAfterQuote.count > 0) {
      errors.push(
        `${plural(this.textAfterQuote.count, "quoted field has", "quoted fields have")} text after the closing quote, which Polars refuses: ${this.textAfterQuote.describe()}`,
      );
    }
    if (this.more.count > 0) {
      errors.push(
        `${plural(this.more.count, "row has", "rows have")} more fields than ${against} (${this.expected}), which fails the read: ${this.more.describe()}`,
      );
    }
    if (this.fewer.count > 0) {
      warnings.push(
        `${plural(this.fewer.count, "row has", "rows have")} fewer fields than ${against} (${this.expected}); the missing fields are read as empty: ${this.fewer.describe()}`,
      );
    }
    if (this.blank.count > 0 && (this.expected ?? 0) > 1) {
      warnings.push(
        `${plural(this.blank.count, "blank line is", "blank lines are")} read as ${this.blank.count === 1 ? "a row" : "rows"} of empty values: ${this.blank.describe()}`,
      );
    }
    for (const column of this.columns) {
      const finding = column.finding(this.settings.inferSchemaLength);
      if (finding) (finding.level === "error" ? errors : warnings).push(finding.message);
    }
    this.encodingFindings(utf8, lastLine);
    return { errors, warnings };
  }

  private encodingFindings(utf8: Utf8Checker | undefined, lastLine: number): void {
    const lossy = this.settings.encoding === "utf8-lossy";
    const bad = new Examples();
    for (const line of utf8?.badLines ?? []) if (line <= lastLine) bad.add(`line ${line}`);
    if (bad.count > 0) {
      const what = `bytes that are not valid UTF-8 on ${plural(bad.count, "line")} (${bad.describe()})`;
      if (lossy) this.warnings.push(`${what} are read as U+FFFD (�)`);
      else {
        this.errors.push(
          `${what}: set encoding to "latin1" or "windows-1252" if the file comes from an older Windows program, or to "utf8-lossy" to read them as U+FFFD`,
        );
      }
    }
    if (this.nulLines.count > 0) {
      const hint = utf8 ? "; the file may be binary or UTF-16 (set encoding)" : "";
      this.warnings.push(
        `NUL characters on ${plural(this.nulLines.count, "line")} (${this.nulLines.describe()})${hint}`,
      );
    }
  }
}
