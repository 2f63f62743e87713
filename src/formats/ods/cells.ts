import { ODS_LIMITS } from "./limits";

/**
 * One non-empty cell, typed from its `office:value-type`. `text` is what the cell displays
 * (its `text:p` paragraphs), used when a column of mixed types becomes String and for
 * header names; when a cell has no paragraph it falls back to the stored value as written.
 */
export type Cell =
  | { kind: "number"; value: number; text: string }
  | { kind: "boolean"; value: boolean; text: string }
  /** `value`: milliseconds since 1970-01-01 UTC; `hasTime`: not at midnight. */
  | { kind: "date"; value: number; hasTime: boolean; text: string }
  /** `value`: microseconds (an ODS time is a duration, `PT10H10M10.123456S`). */
  | { kind: "duration"; value: number; text: string }
  | { kind: "string"; value: string; text: string };

/**
 * The cell that `office:*` attributes and displayed text describe, or null for an empty
 * cell. A stored value that does not parse (hand-made files) falls back to the text, as
 * does a cell without a value type. Formula errors (`calcext:value-type="error"`, stored
 * by LibreOffice as the number 0 with `#DIV/0!` shown) are empty: 0 would be a lie.
 */
export function cellFromParts(attributes: Record<string, string>, shown: string | undefined): Cell | null {
  if (attributes["calcext:value-type"] === "error") return null;
  const type = attributes["office:value-type"];
  switch (type) {
    case "float":
    case "percentage":
    case "currency": {
      const raw = attributes["office:value"];
      const value = parseXsdDouble(raw);
      if (value !== undefined) return { kind: "number", value, text: shown ?? raw ?? "" };
      break;
    }
    case "date": {
      const raw = attributes["office:date-value"];
      const date = parseOdfDate(raw);
      if (date) return { kind: "date", value: date.ms, hasTime: date.hasTime, text: shown ?? raw ?? "" };
      break;
    }
    case "time": {
      const raw = attributes["office:time-value"];
      const value = parseOdfDuration(raw);
      if (value !== undefined) return { kind: "duration", value, text: shown ?? raw ?? "" };
      break;
    }
    case "boolean": {
      const raw = attributes["office:boolean-value"];
      const value = raw === "true" || raw === "1" ? true : raw === "false" || raw === "0" ? false : undefined;
      if (value !== undefined) return { kind: "boolean", value, text: shown ?? raw ?? "" };
      break;
    }
    case "string": {
      // A formula's string result may be stored in office:string-value; it is the value.
      const value = attributes["office:string-value"] ?? shown ?? "";
      return { kind: "string", value, text: value };
    }
  }
  return shown ? { kind: "string", value: shown, text: shown } : null;
}

const XSD_DOUBLE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** An xsd:double (`15`, `-1.5E-3`, `INF`, `NaN`), or undefined when it is not one. */
export function parseXsdDouble(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (XSD_DOUBLE.test(trimmed)) return Number(trimmed);
  if (trimmed === "INF" || trimmed === "+INF") return Number.POSITIVE_INFINITY;
  if (trimmed === "-INF") return Number.NEGATIVE_INFINITY;
  if (trimmed === "NaN") return Number.NaN;
  return undefined;
}

const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}:\d{2})?$/;
const DAY_MS = 86_400_000;

/**
 * An `office:date-value` (xsd:date or xsd:dateTime: `2021-01-01`, `2021-01-01T10:10:10.5`)
 * as milliseconds since the epoch, UTC. A zone offset, rare in ODS, is applied (the
 * instant is kept); digits past the millisecond are dropped. Undefined when malformed or
 * not a real day (2021-02-30).
 */
export function parseOdfDate(raw: string | undefined): { ms: number; hasTime: boolean } | undefined {
  const m = raw === undefined ? null : DATE.exec(raw.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hours, minutes, seconds] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const millis = Number((m[7] ?? "").slice(0, 3).padEnd(3, "0"));
  if (month < 1 || month > 12 || hours > 24 || minutes > 59 || seconds > 60) return undefined;
  // Date.UTC maps years 0-99 to 1900-1999, so the year is set on its own.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  let ms = date.getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  const zone = m[8];
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  if (!Number.isFinite(ms)) return undefined;
  return { ms, hasTime: ((ms % DAY_MS) + DAY_MS) % DAY_MS !== 0 };
}

const DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+)(?:[.,](\d+))?S)?)?$/;

/**
 * An `office:time-value` (an ISO 8601 duration such as `PT10H10M10.123456S`, `PT36H`,
 * `-PT1H`) in microseconds; digits past the microsecond are rounded. Years and months
 * have no fixed length, so a duration with them is undefined (the cell falls back to text).
 */
export function parseOdfDuration(raw: string | undefined): number | undefined {
  const m = raw === undefined ? null : DURATION.exec(raw.trim());
  if (!m || m.slice(2, 6).every((part) => part === undefined)) return undefined;
  const days = Number(m[2] ?? 0);
  const hours = Number(m[3] ?? 0);
  const minutes = Number(m[4] ?? 0);
  const wholeSeconds = Number(m[5] ?? 0);
  const fraction = m[6] ?? "";
  // The fraction is read from its digits, not as a float, so .123456 stays exactly 123456 µs.
  let micros = Number(fraction.slice(0, 6).padEnd(6, "0"));
  if (Number(fraction[6] ?? 0) >= 5) micros += 1;
  const total = Math.round(((days * 24 + hours) * 60 + minutes) * 60e6) + wholeSeconds * 1e6 + micros;
  if (!Number.isSafeInteger(total)) return undefined;
  return m[1] ? -total : total;
}

/**
 * Gathers a cell's displayed text from its `text:p` paragraphs, as ODF 1.2 §6.1 says:
 * paragraphs join with "\n"; runs of spaces, tabs and line feeds in the character data
 * collapse to one space; `text:s` adds `text:c` spaces, `text:tab` a tab, `text:line-break`
 * a line feed. Unlike the letter of §6.1.2, a space at either end of a paragraph is kept:
 * LibreOffice writes a single trailing space that way and shows it (special_cells.ods).
 */
export class CellTextBuilder {
  private paragraphs: string[] = [];
  private current = "";
  private lastWasSpace = false;
  private open = false;
  private length = 0;

  startParagraph(): void {
    this.open = true;
    this.current = "";
    this.lastWasSpace = false;
  }

  endParagraph(): void {
    if (!this.open) return;
    this.paragraphs.push(this.current);
    this.length += 1;
    this.open = false;
  }

  /** Character data inside the paragraph, collapsed. */
  text(chunk: string): void {
    if (!this.open || chunk.length === 0) return;
    let collapsed = chunk.replace(/[ \t\r\n]+/g, " ");
    if (this.lastWasSpace && collapsed.startsWith(" ")) collapsed = collapsed.slice(1);
    if (collapsed.length === 0) return;
    this.append(collapsed);
    this.lastWasSpace = collapsed.endsWith(" ");
  }

  /** `<text:s text:c="count"/>`: spaces kept as written, bounded so a hostile count cannot blow up. */
  spaces(count: string | undefined): void {
    const parsed = count === undefined ? 1 : Number.parseInt(count, 10);
    const wanted = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
    const room = Math.max(0, ODS_LIMITS.maxCellText - this.length);
    this.literal(" ".repeat(Math.min(wanted, ODS_LIMITS.maxSpaceRun, room)));
  }

  /** `<text:tab/>` or `<text:line-break/>`. */
  literal(value: string): void {
    if (!this.open) return;
    this.append(value);
    this.lastWasSpace = false;
  }

  /** The displayed text, or undefined when the cell had no paragraph at all. */
  result(): string | undefined {
    return this.paragraphs.length === 0 ? undefined : this.paragraphs.join("\n");
  }

  private append(value: string): void {
    this.current += value;
    this.length += value.length;
  }
}
