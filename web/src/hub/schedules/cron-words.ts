/**
 * A cron expression read in plain words for the schedule editor: "0 6 * * 1-5" → "At 06:00,
 * Monday through Friday". It reads what the Hub accepts (croner's syntax, 5 fields or 6 with
 * seconds first: numbers, `*`, `?`, ranges, steps, lists, JAN-DEC and SUN-SAT, and croner's
 * `L`, `W` and `#` days). Its own small reader rather than a library: the words are ours, and
 * a piece it does not know gives the honest "a custom pattern" instead of a wrong sentence.
 * It never decides validity: the editor asks the Hub's rules (schedule-occurrences.ts) first.
 *
 * When both the day of the month and the day of the week are given, croner (as classic cron)
 * fires on either, so the words say "or".
 */

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const ORDINALS = ["", "first", "second", "third", "fourth", "fifth"];
const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** One comma-separated piece of a field. */
type Piece =
  | { kind: "any" }
  | { kind: "value"; value: number }
  | { kind: "range"; from: number; to: number }
  | { kind: "step"; from: number; to?: number; step: number; any: boolean }
  | { kind: "special"; text: string };

class Unknown extends Error {}

/** `JAN` → 1, `MON` → 1, `7` → 7; anything else is not ours to read. */
function number(text: string, names?: string[], base = 0): number {
  const named = names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + base;
  if (!/^\d+$/.test(text)) throw new Unknown(text);
  return Number(text);
}

function readPiece(text: string, names?: string[], base = 0): Piece {
  if (text === "*" || text === "?") return { kind: "any" };
  const [span = "", stepText] = text.split("/");
  if (stepText !== undefined) {
    const step = number(stepText);
    if (span === "*") return { kind: "step", from: -1, step, any: true };
    const [from = "", to] = span.split("-");
    return to === undefined
      ? { kind: "step", from: number(from, names, base), step, any: false }
      : { kind: "step", from: number(from, names, base), to: number(to, names, base), step, any: false };
  }
  const range = /^(\w+)-(\w+)$/.exec(span);
  if (range)
    return { kind: "range", from: number(range[1] ?? "", names, base), to: number(range[2] ?? "", names, base) };
  if (/[LW#]/i.test(span)) return { kind: "special", text: span.toUpperCase() };
  return { kind: "value", value: number(span, names, base) };
}

function readField(text: string, names?: string[], base = 0): Piece[] {
  return text.split(",").map((piece) => readPiece(piece, names, base));
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const isAny = (f: Piece[]) => f.length === 1 && f[0]?.kind === "any";
const valuesOf = (f: Piece[]) =>
  f.every((p) => p.kind === "value") ? f.map((p) => (p as { value: number }).value) : [];
const single = (f: Piece[]) => (f.length === 1 && f[0]?.kind === "value" ? f[0].value : undefined);
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** Seconds or minutes: "every 15 minutes", "at minute 5", "at minutes 0 and 30". */
function unitWords(f: Piece[], unit: "second" | "minute"): string {
  if (isAny(f)) return `every ${unit}`;
  const only = f[0];
  if (f.length === 1 && only?.kind === "step") {
    const from = only.any || only.from === 0 ? "" : ` from ${unit} ${only.from}`;
    const to = only.to === undefined ? "" : ` through ${only.to}`;
    return `every ${only.step} ${unit}s${from}${to}`;
  }
  if (f.length === 1 && only?.kind === "range") return `every ${unit} from ${unit} ${only.from} through ${only.to}`;
  const values = valuesOf(f);
  if (values.length === 1) return `at ${unit} ${values[0]}`;
  if (values.length > 1) return `at ${unit}s ${listInWords(values.map(String))}`;
  throw new Unknown(unit);
}

/** Hours: "every 2 hours", "from 09:00 through 17:59", "in hours 9 and 18". */
function hourWords(f: Piece[]): string {
  if (isAny(f)) return "every hour";
  const only = f[0];
  if (f.length === 1 && only?.kind === "step") {
    const span = only.any ? "" : ` from ${pad(only.from)}:00 through ${pad(only.to ?? 23)}:59`;
    return `every ${only.step} hours${span}`;
  }
  if (f.length === 1 && only?.kind === "range") return `from ${pad(only.from)}:00 through ${pad(only.to)}:59`;
  const values = valuesOf(f);
  if (values.length === 1) return `from ${pad(values[0] ?? 0)}:00 through ${pad(values[0] ?? 0)}:59`;
  if (values.length > 1) return `in hours ${listInWords(values.map(String))}`;
  throw new Unknown("hour");
}

function timeWords(sec: Piece[], min: Piece[], hour: Piece[]): string {
  const s = single(sec);
  const m = single(min);
  const hours = valuesOf(hour);
  if (s !== undefined && m !== undefined && hours.length > 0 && hours.length <= 6) {
    const at = (h: number) => `${pad(h)}:${pad(m)}${s === 0 ? "" : `:${pad(s)}`}`;
    return `At ${listInWords(hours.map(at))}`;
  }
  const parts: string[] = [];
  if (s !== 0) parts.push(unitWords(sec, "second"));
  const secondsOnly = s !== 0 && isAny(min) && isAny(hour);
  if (!secondsOnly && !(s !== 0 && isAny(min))) parts.push(unitWords(min, "minute"));
  if (!(isAny(hour) && (isAny(min) || min[0]?.kind === "step"))) parts.push(hourWords(hour));
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function weekday(n: number): string {
  const name = WEEKDAYS[n % 7];
  if (name === undefined || n > 7) throw new Unknown(String(n));
  return name;
}

function weekdayPiece(p: Piece): string {
  if (p.kind === "value") return weekday(p.value);
  if (p.kind === "range") return `${weekday(p.from)} through ${weekday(p.to)}`;
  if (p.kind === "special") {
    const last = /^(\w+?)(?:L|#L)$/.exec(p.text);
    if (last) return `the last ${weekday(number(last[1] ?? "", DAY_NAMES))} of the month`;
    const nth = /^(\w+)#([1-5])$/.exec(p.text);
    if (nth) return `the ${ORDINALS[Number(nth[2])]} ${weekday(number(nth[1] ?? "", DAY_NAMES))} of the month`;
  }
  throw new Unknown("weekday");
}

function weekdayWords(f: Piece[]): string {
  const only = f[0];
  if (f.length === 1 && only?.kind === "range") return weekdayPiece(only);
  return `on ${listInWords([...new Set(f.map(weekdayPiece))])}`;
}

function dayOfMonthWords(f: Piece[]): string {
  const only = f[0];
  if (f.length === 1 && only?.kind === "special") {
    if (only.text === "L") return "on the last day of the month";
    if (only.text === "LW") return "on the last weekday of the month";
    const near = /^(\d+)W$/.exec(only.text);
    if (near) return `on the weekday nearest day ${near[1]} of the month`;
    throw new Unknown("day");
  }
  if (f.length === 1 && only?.kind === "step") {
    const from = only.any ? 1 : only.from;
    return `every ${only.step} days of the month from day ${from}${only.to === undefined ? "" : ` through ${only.to}`}`;
  }
  const pieces = f.map((p) => {
    if (p.kind === "value") return String(p.value);
    if (p.kind === "range") return `${p.from} through ${p.to}`;
    throw new Unknown("day");
  });
  const plural = f.length > 1 || only?.kind === "range";
  return `on day${plural ? "s" : ""} ${listInWords(pieces)} of the month`;
}

function month(n: number): string {
  const name = MONTHS[n - 1];
  if (name === undefined) throw new Unknown(String(n));
  return name;
}

function monthWords(f: Piece[]): string {
  const only = f[0];
  if (f.length === 1 && only?.kind === "step") {
    const from = only.any ? 1 : only.from;
    return `every ${ordinal(only.step)} month from ${month(from)}${only.to === undefined ? "" : ` through ${month(only.to)}`}`;
  }
  const pieces = f.map((p) => {
    if (p.kind === "value") return month(p.value);
    if (p.kind === "range") return `${month(p.from)} through ${month(p.to)}`;
    throw new Unknown("month");
  });
  return `in ${listInWords(pieces)}`;
}

/**
 * `cron` in words ("At 06:30, Monday through Friday"); a pattern it cannot read is "A custom
 * pattern" rather than a guess. Call it with an expression the Hub's rules accepted.
 */
export function cronInWords(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) return "A custom pattern";
  const [sec = "0", min = "", hour = "", dom = "", mon = "", dow = ""] =
    fields.length === 6 ? fields : ["0", ...fields];
  try {
    const days = readField(dom);
    const weekdays = readField(dow, DAY_NAMES);
    const months = readField(mon, MONTH_NAMES, 1);
    const dayParts = [isAny(days) ? "" : dayOfMonthWords(days), isAny(weekdays) ? "" : weekdayWords(weekdays)];
    const time = timeWords(readField(sec), readField(min), readField(hour));
    // "every day" only after a time of day: "Every 15 minutes, every day" says nothing more.
    const day = dayParts.filter(Boolean).join(" or ") || (/^At \d/.test(time) ? "every day" : "");
    const parts = [time, day].filter(Boolean);
    if (!isAny(months)) parts.push(monthWords(months));
    return parts.join(", ");
  } catch (err) {
    if (err instanceof Unknown) return "A custom pattern";
    throw err;
  }
}
