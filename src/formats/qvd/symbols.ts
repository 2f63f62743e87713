import type { QvdFieldHeader, QvdHeader } from "./header";
import { type QvdSource, qvdError } from "./source";

/** The symbol type bytes of a QVD symbol table. */
export const SymbolKind = {
  /** A 4-byte little-endian signed integer. */
  Int: 1,
  /** An 8-byte little-endian IEEE double. */
  Double: 2,
  /** A NUL-terminated UTF-8 text. */
  Text: 4,
  /** A "dual": an int32, then its display text. */
  DualInt: 5,
  /** A "dual": a double, then its display text. */
  DualDouble: 6,
} as const;

/** The distinct values of one field, in symbol-index order, as parallel arrays. */
export interface SymbolTable {
  count: number;
  /** The type byte of each symbol (a SymbolKind). */
  kinds: Uint8Array;
  /** The number of each symbol; meaningless (0) where the kind is Text. */
  numbers: Float64Array;
  /** The text of each symbol; undefined where the kind is Int or Double. */
  texts: (string | undefined)[];
}

/** Reads and parses the symbol table of `field` (its bytes only, by position). */
export function readSymbols(source: QvdSource, header: QvdHeader, field: QvdFieldHeader): SymbolTable {
  const bytes = source.readExactly(
    header.dataStart + field.offset,
    field.length,
    `the symbols of field "${field.name}"`,
  );
  return parseSymbols(bytes, field, source.path);
}

/**
 * Parses the `Length` bytes of a field's symbol table. The table must hold exactly
 * `NoOfSymbols` whole symbols; anything else (an unknown type byte, a cut value, a text
 * without its NUL, bytes left over) is a DataSourceError naming the field.
 */
export function parseSymbols(bytes: Buffer, field: QvdFieldHeader, path: string): SymbolTable {
  const count = field.noOfSymbols;
  const kinds = new Uint8Array(count);
  const numbers = new Float64Array(count);
  const texts: (string | undefined)[] = new Array(count);
  const fail = (problem: string) => qvdError(path, `the symbols of field "${field.name}" are damaged: ${problem}`);
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at >= bytes.length) throw fail(`they end after ${i} of ${count} symbols`);
    const kind = bytes[at] as number;
    at += 1;
    kinds[i] = kind;
    const numberSize = kind === SymbolKind.Int || kind === SymbolKind.DualInt ? 4 : 8;
    switch (kind) {
      case SymbolKind.Int:
      case SymbolKind.DualInt:
      case SymbolKind.Double:
      case SymbolKind.DualDouble:
        if (at + numberSize > bytes.length) throw fail(`symbol ${i} is cut short`);
        numbers[i] = numberSize === 4 ? bytes.readInt32LE(at) : bytes.readDoubleLE(at);
        at += numberSize;
        break;
      case SymbolKind.Text:
        break;
      default:
        throw fail(`symbol ${i} has the unknown type byte ${kind} at byte ${at - 1}`);
    }
    if (kind === SymbolKind.Text || kind === SymbolKind.DualInt || kind === SymbolKind.DualDouble) {
      const nul = bytes.indexOf(0, at);
      if (nul < 0) throw fail(`the text of symbol ${i} has no terminating NUL`);
      texts[i] = bytes.toString("utf8", at, nul);
      at = nul + 1;
    }
  }
  if (at !== bytes.length) throw fail(`${bytes.length - at} bytes follow the ${count} declared symbols`);
  return { count, kinds, numbers, texts };
}

/** True when the symbol carries a number (every kind but Text). */
export function hasNumber(kind: number): boolean {
  return kind !== SymbolKind.Text;
}

/**
 * The text form of symbol `i`: a dual's or text's own text, else the number written as
 * JavaScript's shortest round-trip form (`3`, `0.1`, `1e+21`).
 */
export function symbolText(table: SymbolTable, i: number): string {
  return table.texts[i] ?? String(table.numbers[i]);
}
