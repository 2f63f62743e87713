import pl from "nodejs-polars";
import { intLiteral } from "./literal-expr";
import { callNative } from "./native";
import { type Args, fixedFlag, type MethodEntry, method, type Param, param } from "./params";

/**
 * The `.dt` methods. Some Python names are built from what nodejs-polars has: millisecond,
 * microsecond and quarter from nanosecond and month, date and time as casts, timestamp and
 * epoch from the physical value after a cast to the unit (nodejs' own `timestamp` is always
 * milliseconds), the `total_*` of a duration from the native duration methods.
 */

const d = (name: string, uses: string | string[], build: MethodEntry["build"], params: Param[] = []) =>
  method("dt", name, uses, build, { params, category: "datetime" });

const TIME_UNITS = ["ns", "us", "ms"] as const;

/** `a // b` rounded toward zero, as Rust divides the duration totals (`div` floors integers). */
function truncatingDiv(a: pl.Expr, b: number): pl.Expr {
  const floored = a.div(intLiteral(b));
  return pl
    .when(a.lt(intLiteral(0)).and(a.rem(intLiteral(b)).neq(intLiteral(0))))
    .then(floored.add(intLiteral(1)))
    .otherwise(floored);
}

/**
 * The epoch count in `unit` of a Date or Datetime (a zoned Datetime counts from the UTC epoch).
 * A cast to Int64 rather than toPhysical, whose planned type stays a Datetime in nodejs-polars
 * 0.26.1 (so a division after it is refused).
 */
function timestamp(self: pl.Expr, unit: string): pl.Expr {
  return self.cast(pl.Datetime(unit as "us")).cast(pl.Int64);
}

/** A duration total from the native method, cast to Int64 for the same reason as timestamp. */
function total(self: pl.Expr, native: string): pl.Expr {
  return callNative(self, native).cast(pl.Int64);
}

/** Time zone methods throw at build time for an unknown zone: that is the user's argument at fault. */
function zoned(a: Args, build: (zone: string) => pl.Expr): pl.Expr {
  const zone = a.str("time_zone");
  try {
    return build(zone);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return a.fail("time_zone", `is not a known time zone: ${reason}`);
  }
}

function epoch(self: pl.Expr, a: Args): pl.Expr {
  const unit = a.str("time_unit");
  if (unit === "s") return timestamp(self, "ms").div(intLiteral(1000));
  if (unit === "d") return self.cast(pl.Date).cast(pl.Int32);
  return timestamp(self, unit);
}

const unitParam = param.str("time_unit", { default: "us", choices: TIME_UNITS });
const every = param.str("every");

export const TEMPORAL_METHODS: readonly MethodEntry[] = [
  d("year", "dt.year", (e) => e.dt.year()),
  d("quarter", "dt.month", (e) => e.dt.month().sub(intLiteral(1)).div(intLiteral(3)).add(intLiteral(1)).cast(pl.Int8)),
  d("month", "dt.month", (e) => e.dt.month()),
  d("week", "dt.week", (e) => e.dt.week()),
  d("weekday", "dt.weekday", (e) => e.dt.weekday()),
  d("day", "dt.day", (e) => e.dt.day()),
  d("ordinal_day", "dt.ordinalDay", (e) => e.dt.ordinalDay()),
  d("hour", "dt.hour", (e) => e.dt.hour()),
  d("minute", "dt.minute", (e) => e.dt.minute()),
  d("second", "dt.second", (e) => e.dt.second(), [fixedFlag("fractional", false)]),
  d("millisecond", "dt.nanosecond", (e) => e.dt.nanosecond().div(intLiteral(1_000_000))),
  d("microsecond", "dt.nanosecond", (e) => e.dt.nanosecond().div(intLiteral(1_000))),
  d("nanosecond", "dt.nanosecond", (e) => e.dt.nanosecond()),
  d("date", "expr.cast", (e) => e.cast(pl.Date)),
  d("time", "expr.cast", (e) => e.cast(pl.Time)),
  d("strftime", "dt.strftime", (e, a) => e.dt.strftime(a.str("format")), [param.str("format")]),
  d("to_string", "dt.strftime", (e, a) => e.dt.strftime(a.str("format")), [param.str("format")]),
  d("truncate", "dt.truncate", (e, a) => e.dt.truncate(a.str("every")), [every]),
  d("round", "dt.round", (e, a) => e.dt.round(a.str("every")), [every]),
  d("timestamp", "expr.cast", (e, a) => timestamp(e, a.str("time_unit")), [unitParam]),
  d("epoch", "expr.cast", epoch, [param.str("time_unit", { default: "us", choices: [...TIME_UNITS, "s", "d"] })]),
  d("convert_time_zone", "dt.convertTimeZone", (e, a) => zoned(a, (zone) => e.dt.convertTimeZone(zone)), [
    param.str("time_zone"),
  ]),
  d("replace_time_zone", "dt.replaceTimeZone", (e, a) => zoned(a, (zone) => e.dt.replaceTimeZone(zone)), [
    param.str("time_zone"),
    fixedFlag("ambiguous", "raise"),
    fixedFlag("non_existent", "raise"),
  ]),
  d("total_days", "native.durationDays", (e) => total(e, "durationDays")),
  d("total_hours", "native.durationHours", (e) => total(e, "durationHours")),
  d("total_minutes", "native.durationSeconds", (e) => truncatingDiv(total(e, "durationSeconds"), 60)),
  d("total_seconds", "native.durationSeconds", (e) => total(e, "durationSeconds")),
  d("total_milliseconds", "native.durationMilliseconds", (e) => total(e, "durationMilliseconds")),
  d("total_microseconds", "native.durationNanoseconds", (e) => truncatingDiv(total(e, "durationNanoseconds"), 1000)),
  d("total_nanoseconds", "native.durationNanoseconds", (e) => total(e, "durationNanoseconds")),
];
