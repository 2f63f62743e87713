import { extname } from "node:path";
import { DataSourceError } from "../../shared/errors";

/** Extensions whose default delimiter is a tab rather than a comma. */
const TAB_EXTENSIONS = new Set(["tsv", "tab"]);

/**
 * The one-byte delimiter for reading or writing `path`: the given one (a typed `\t` counts
 * as a tab, since that is what users type in a text box), else a tab for .tsv/.tab files,
 * else a comma. `verb` says which way, for the message.
 */
export function csvDelimiter(path: string, given: string | undefined, verb: "read" | "write"): string {
  if (given === undefined) return TAB_EXTENSIONS.has(extname(path).slice(1).toLowerCase()) ? "\t" : ",";
  return oneAsciiChar(path, "delimiter", given === "\\t" ? "\t" : given, verb);
}

/** Checks a single-character option: Polars takes exactly one ASCII byte. */
export function oneAsciiChar(path: string, option: string, value: string, verb: "read" | "write"): string {
  if (value.length !== 1 || value.charCodeAt(0) > 0x7f) {
    throw new DataSourceError(
      `Cannot ${verb} ${path}: ${option} ${JSON.stringify(value)} must be exactly one ASCII character`,
    );
  }
  return value;
}
