import { describe, expect, test } from "bun:test";
import { FORMULA_FUNCTION_NAMES } from "./catalog";
import {
  and3,
  chars,
  col,
  day,
  epochDays,
  floatText,
  floorMod,
  halfEven,
  isoDate,
  isoWeek,
  lift,
  or3,
  pad2,
  parseDate,
  results,
  source,
  val,
} from "./formula-table.fixture";

/** Each catalogue function with arguments and its expected output column, computed here. */
const cases: [string, unknown[], unknown[]][] = [
  ["add", [col("x"), col("n")], source.map((r) => lift((a: number, b: number) => a + b)(r.x, r.n))],
  ["add", [col("n"), val(-1.5)], source.map((r) => lift((a: number) => a - 1.5)(r.n))],
  ["subtract", [val(10), col("x")], source.map((r) => lift((a: number) => 10 - a)(r.x))],
  ["multiply", [col("x"), col("m")], source.map((r) => lift((a: number, b: number) => a * b)(r.x, r.m))],
  ["divide", [col("n"), col("m")], source.map((r) => lift((a: number, b: number) => a / b)(r.n, r.m))],
  ["modulo", [col("n"), col("m")], source.map((r) => lift(floorMod)(r.n, r.m))],
  ["power", [col("x"), val(3)], source.map((r) => lift((a: number) => a ** 3)(r.x))],
  ["negate", [col("x")], source.map((r) => lift((a: number) => -a)(r.x))],
  ["sqrt", [col("x")], source.map((r) => lift(Math.sqrt)(r.x))],
  [
    "smallest",
    [col("x"), col("n"), val(1)],
    source.map((r) => Math.min(...[r.x, r.n, 1].filter((v): v is number => v !== null))),
  ],
  [
    "largest",
    [col("n"), col("m")],
    source.map((r) => {
      const present = [r.n, r.m].filter((v): v is number => v !== null);
      return present.length === 0 ? null : Math.max(...present);
    }),
  ],
  ["left", [col("s"), val(2)], source.map((r) => lift((s: string) => chars(s).slice(0, 2).join(""))(r.s))],
  ["right", [col("s"), val(3)], source.map((r) => lift((s: string) => chars(s).slice(-3).join(""))(r.s))],
  ["right", [col("s"), val(0)], source.map((r) => lift((_: string) => "")(r.s))],
  ["abs", [col("n")], source.map((r) => lift(Math.abs)(r.n))],
  ["round", [col("x")], source.map((r) => lift((a: number) => halfEven(a, 0))(r.x))],
  ["round", [col("x"), val(2)], source.map((r) => lift((a: number) => halfEven(a, 2))(r.x))],
  ["floor", [col("x")], source.map((r) => lift(Math.floor)(r.x))],
  ["ceil", [col("x")], source.map((r) => lift(Math.ceil)(r.x))],
  ["upper", [col("s")], source.map((r) => lift((s: string) => s.toUpperCase())(r.s))],
  ["lower", [col("s")], source.map((r) => lift((s: string) => s.toLowerCase())(r.s))],
  ["trim", [col("s")], source.map((r) => lift((s: string) => s.trim())(r.s))],
  ["trim_start", [col("s")], source.map((r) => lift((s: string) => s.trimStart())(r.s))],
  ["trim_end", [col("s")], source.map((r) => lift((s: string) => s.trimEnd())(r.s))],
  [
    "pad_start",
    [col("s"), val(4), val("·")],
    source.map((r) => lift((s: string) => "·".repeat(Math.max(0, 4 - chars(s).length)) + s)(r.s)),
  ],
  [
    "pad_end",
    [col("s"), val(5)],
    source.map((r) => lift((s: string) => s + " ".repeat(Math.max(0, 5 - chars(s).length)))(r.s)),
  ],
  ["replace", [col("s"), val("."), val("\\")], source.map((r) => lift((s: string) => s.split(".").join("\\"))(r.s))],
  ["substring", [col("s"), val(1), val(2)], source.map((r) => lift((s: string) => chars(s).slice(1, 3).join(""))(r.s))],
  ["substring", [col("s"), val(2)], source.map((r) => lift((s: string) => chars(s).slice(2).join(""))(r.s))],
  ["length", [col("s")], source.map((r) => lift((s: string) => chars(s).length)(r.s))],
  [
    "concat",
    [val(" | "), col("s"), col("n"), col("x"), val("end")],
    source.map((r) =>
      [r.s, r.n === null ? null : String(r.n), r.x === null ? null : floatText(r.x), "end"]
        .filter((v) => v !== null)
        .join(" | "),
    ),
  ],
  ["contains", [col("s"), col("t")], source.map((r) => lift((s: string, t: string) => s.includes(t))(r.s, r.t))],
  ["contains", [col("s"), val(".")], source.map((r) => lift((s: string) => s.includes("."))(r.s))],
  ["starts_with", [col("s"), col("t")], source.map((r) => lift((s: string, t: string) => s.startsWith(t))(r.s, r.t))],
  ["ends_with", [col("s"), val("x")], source.map((r) => lift((s: string) => s.endsWith("x"))(r.s))],
  ["year", [col("d")], source.map((r) => lift((d: Date) => d.getUTCFullYear())(r.d))],
  ["quarter", [col("d")], source.map((r) => lift((d: Date) => Math.floor(d.getUTCMonth() / 3) + 1)(r.d))],
  ["month", [col("d")], source.map((r) => lift((d: Date) => d.getUTCMonth() + 1)(r.d))],
  ["day", [col("ts")], source.map((r) => lift((d: Date) => d.getUTCDate())(r.ts))],
  ["weekday", [col("d")], source.map((r) => lift((d: Date) => d.getUTCDay() || 7)(r.d))],
  ["week", [col("d")], source.map((r) => lift(isoWeek)(r.d))],
  [
    "day_of_year",
    [col("d")],
    source.map((r) => lift((d: Date) => epochDays(d) - epochDays(day(d.getUTCFullYear(), 1, 1)) + 1)(r.d)),
  ],
  ["hour", [col("ts")], source.map((r) => lift((d: Date) => d.getUTCHours())(r.ts))],
  ["minute", [col("ts")], source.map((r) => lift((d: Date) => d.getUTCMinutes())(r.ts))],
  ["second", [col("ts")], source.map((r) => lift((d: Date) => d.getUTCSeconds())(r.ts))],
  [
    "days_between",
    [col("d"), col("d2")],
    source.map((r) => lift((a: Date, b: Date) => epochDays(b) - epochDays(a))(r.d, r.d2)),
  ],
  [
    "days_between",
    [col("ts"), col("d")],
    source.map((r) => lift((a: Date, b: Date) => epochDays(b) - epochDays(a))(r.ts, r.d)),
  ],
  [
    "add_days",
    [col("d"), val(-60)],
    source.map((r) => lift((d: Date) => new Date(d.getTime() - 60 * 86_400_000))(r.d)),
  ],
  [
    "add_days",
    [col("d"), col("n")],
    source.map((r) => lift((d: Date, k: number) => new Date(d.getTime() + k * 86_400_000))(r.d, r.n)),
  ],
  [
    "add_days",
    [col("ts"), col("n")],
    source.map((r) => lift((d: Date, k: number) => new Date(d.getTime() + k * 86_400_000))(r.ts, r.n)),
  ],
  ["add_days", [col("ts"), val(3)], source.map((r) => lift((d: Date) => new Date(d.getTime() + 3 * 86_400_000))(r.ts))],
  ["format_date", [col("d")], source.map((r) => lift(isoDate)(r.d))],
  [
    "format_date",
    [col("ts"), val("%d/%m/%Y %H:%M")],
    source.map((r) =>
      lift(
        (d: Date) =>
          `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`,
      )(r.ts),
    ),
  ],
  ["if_null", [col("n"), col("m")], source.map((r) => r.n ?? r.m)],
  ["if_null", [col("s"), val("—")], source.map((r) => r.s ?? "—")],
  ["is_null", [col("d")], source.map((r) => r.d === null)],
  ["is_not_null", [col("s")], source.map((r) => r.s !== null)],
  ["equal", [col("s"), val("日本語")], source.map((r) => lift((s: string) => s === "日本語")(r.s))],
  ["not_equal", [col("n"), col("m")], source.map((r) => lift((a: number, b: number) => a !== b)(r.n, r.m))],
  ["greater", [col("x"), col("n")], source.map((r) => lift((a: number, b: number) => a > b)(r.x, r.n))],
  ["greater_or_equal", [col("n"), val(5)], source.map((r) => lift((a: number) => a >= 5)(r.n))],
  ["less", [col("d"), col("d2")], source.map((r) => lift((a: Date, b: Date) => a < b)(r.d, r.d2))],
  ["less_or_equal", [col("x"), val(0.125)], source.map((r) => lift((a: number) => a <= 0.125)(r.x))],
  ["and", [col("p"), col("q")], source.map((r) => and3(r.p, r.q))],
  ["or", [col("p"), col("q")], source.map((r) => or3(r.p, r.q))],
  ["not", [col("p")], source.map((r) => lift((a: boolean) => !a)(r.p))],
  ["if_else", [col("p"), val("yes"), val("no")], source.map((r) => (r.p === true ? "yes" : "no"))],
  ["if_else", [col("q"), col("n"), val(null)], source.map((r) => (r.q === true ? r.n : null))],
  ["if_equal", [col("s"), val("日本語"), val(1), val(0)], source.map((r) => (r.s === "日本語" ? 1 : 0))],
  [
    "if_greater",
    [col("x"), col("n"), col("s"), col("t")],
    source.map((r) => (r.x !== null && r.n !== null && r.x > r.n ? r.s : r.t)),
  ],
  [
    "if_less",
    [col("d"), col("d2"), val(true), val(false)],
    source.map((r) => r.d !== null && r.d2 !== null && r.d < r.d2),
  ],
  [
    "to_number",
    [col("num")],
    source.map((r) => lift((s: string) => (Number.isNaN(Number(s)) || s.trim() !== s ? null : Number(s)))(r.num)),
  ],
  ["to_integer", [col("num")], source.map((r) => lift((s: string) => (/^-?\d+$/.test(s) ? Number(s) : null))(r.num))],
  ["to_integer", [col("x")], source.map((r) => lift((v: number) => Math.trunc(v) + 0)(r.x))], // -0.5 → 0, not -0
  ["to_text", [col("x")], source.map((r) => lift(floatText)(r.x))],
  ["to_text", [col("d")], source.map((r) => lift(isoDate)(r.d))],
  ["to_text", [col("p")], source.map((r) => lift(String)(r.p))],
  ["to_date", [col("dtext")], source.map((r) => lift((s: string) => parseDate(s, "ymd"))(r.dtext))],
  ["to_date", [col("dtext"), val("%d/%m/%Y")], source.map((r) => lift((s: string) => parseDate(s, "dmy"))(r.dtext))],
];

describe("formula: every catalogue function on data", () => {
  test.each(cases)("%s %j", (fn, args, expected) => {
    expect(results(fn, ...args)).toEqual(expected);
  });

  test("every catalogue function is evaluated on data", () => {
    const covered = new Set(cases.map(([name]) => name));
    expect(FORMULA_FUNCTION_NAMES.filter((n) => !covered.has(n))).toEqual([]);
  });
});
