import { DataSourceError } from "../../shared/errors";

/**
 * The text encodings a CSV file may be read in. `utf8` and `utf8-lossy` are read by Polars
 * itself; the others are transcoded to UTF-8 first (transcode.ts), because nodejs-polars
 * 0.26.1 reads nothing else ("encoding latin1 not implemented").
 */
export type CsvEncoding = "utf8" | "utf8-lossy" | "windows-1252" | "utf-16" | "utf-16le" | "utf-16be";

/**
 * Accepted spellings (lower case, `_` read as `-`). Latin-1 is read as windows-1252, as
 * browsers do (WHATWG Encoding): it is the same for every printable Latin-1 character and
 * only differs in 0x80-0x9F, C1 control codes in strict ISO-8859-1 that text files do not
 * hold and that "Latin-1" files from Windows programs use for €, ‚, „, …, Œ, š and the like.
 */
const NAMES: Record<string, CsvEncoding> = {
  utf8: "utf8",
  "utf-8": "utf8",
  "utf8-lossy": "utf8-lossy",
  "utf-8-lossy": "utf8-lossy",
  latin1: "windows-1252",
  "latin-1": "windows-1252",
  "iso-8859-1": "windows-1252",
  "iso8859-1": "windows-1252",
  "windows-1252": "windows-1252",
  cp1252: "windows-1252",
  "utf-16": "utf-16",
  utf16: "utf-16",
  "utf-16le": "utf-16le",
  utf16le: "utf-16le",
  "utf-16be": "utf-16be",
  utf16be: "utf-16be",
};

const SUPPORTED = "utf8, utf8-lossy, latin1 (iso-8859-1), windows-1252 (cp1252), utf-16, utf-16le, utf-16be";

/** The encoding named by the `encoding` option (utf8 when absent); DataSourceError listing the supported ones otherwise. */
export function csvEncoding(path: string, given: string | undefined): CsvEncoding {
  if (given === undefined) return "utf8";
  const encoding = NAMES[given.trim().toLowerCase().replace(/_/g, "-")];
  if (!encoding) {
    throw new DataSourceError(
      `Cannot read ${path}: encoding ${JSON.stringify(given)} is not supported (supported: ${SUPPORTED})`,
    );
  }
  return encoding;
}

/** True when Polars cannot read the encoding and the file must be transcoded to UTF-8 first. */
export function needsTranscoding(encoding: CsvEncoding): boolean {
  return encoding !== "utf8" && encoding !== "utf8-lossy";
}

/** The byte-order mark a file starts with, from its first bytes. */
export function byteOrderMark(first: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" | undefined {
  if (first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf) return "utf-8";
  if (first[0] === 0xff && first[1] === 0xfe) return "utf-16le";
  if (first[0] === 0xfe && first[1] === 0xff) return "utf-16be";
  return undefined;
}

/**
 * Decodes a file chunk by chunk (TextDecoder with `stream: true`, so a character split
 * between chunks is kept whole) and drops a byte-order mark. `utf-16` takes its byte order
 * from the mark, else guesses it from the first two bytes (a 0 first means big-endian
 * ASCII), else little-endian as Windows writes it. With `fatal`, bytes that are not valid
 * in the encoding throw a DataSourceError naming the file and the byte range; otherwise
 * they become U+FFFD.
 */
export class ChunkDecoder {
  private decoder: TextDecoder | undefined;
  private offset = 0;

  constructor(
    private readonly path: string,
    private readonly encoding: CsvEncoding,
    private readonly fatal: boolean,
  ) {}

  /** The text of the next chunk; `final` on the last one (which may be empty). */
  decode(bytes: Uint8Array, final: boolean): string {
    this.decoder ??= this.open(bytes);
    const start = this.offset;
    this.offset += bytes.length;
    try {
      return this.decoder.decode(bytes, { stream: !final });
    } catch (error) {
      // TextDecoder's only failure in fatal mode is invalid input.
      if (!(error instanceof TypeError)) throw error;
      const where = bytes.length === 0 ? "the last bytes" : `bytes ${start}-${this.offset - 1}`;
      throw new DataSourceError(
        `Cannot read ${this.path}: ${where} are not valid ${this.decoder.encoding.toUpperCase()} (is encoding ${JSON.stringify(this.encoding)} right?)`,
        { cause: error },
      );
    }
  }

  private open(first: Uint8Array): TextDecoder {
    const bom = byteOrderMark(first);
    let label: string = this.encoding === "utf8" || this.encoding === "utf8-lossy" ? "utf-8" : this.encoding;
    if (this.encoding === "utf-16") {
      label = bom === "utf-16be" || (bom === undefined && first[0] === 0 && first[1] !== 0) ? "utf-16be" : "utf-16le";
    } else if ((label === "utf-16le" || label === "utf-16be") && bom !== undefined && bom !== label) {
      throw new DataSourceError(
        `Cannot read ${this.path}: encoding ${JSON.stringify(this.encoding)} was given but the file starts with a ${bom.toUpperCase()} byte-order mark (use encoding "utf-16")`,
      );
    }
    return new TextDecoder(label, { fatal: this.fatal });
  }
}
