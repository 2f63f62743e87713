import { arg, column, either, type FormulaFunction, type ParamType, value } from "./function-spec";
import { pyString } from "./python-text";

function part(name: string, label: string, type: ParamType, call: string, description: string): FormulaFunction {
  return {
    name,
    label,
    category: "date",
    description,
    params: [column("date", type === "datetime" ? "Date-time" : "Date", type)],
    returns: "integer",
    python: (args) => `${arg(args, 0).expr}.dt.${call}()`,
  };
}

/** One day in each Datetime unit. */
const DAY_IN = { ms: "86400000", us: "86400000000", ns: "86400000000000" } as const;

/** Days since 1970-01-01 of a Date or Datetime column (a date-time counts by its calendar day). */
function epochDays(expr: string): string {
  return `${expr}.cast(pl.Date).cast(pl.Int32)`;
}

/** Date parts, differences and shifts. Only columns: a date typed as text is a to_date first. */
export const DATE_FUNCTIONS: readonly FormulaFunction[] = [
  part("year", "Year", "temporal", "year", "The year"),
  part("quarter", "Quarter", "temporal", "quarter", "The quarter of the year, 1 to 4"),
  part("month", "Month", "temporal", "month", "The month, 1 to 12"),
  part("day", "Day", "temporal", "day", "The day of the month, 1 to 31"),
  part("weekday", "Weekday", "temporal", "weekday", "The day of the week, 1 (Monday) to 7 (Sunday)"),
  part("week", "Week", "temporal", "week", "The ISO 8601 week number, 1 to 53"),
  part("day_of_year", "Day of year", "temporal", "ordinal_day", "The day of the year, 1 to 366"),
  part("hour", "Hour", "datetime", "hour", "The hour, 0 to 23"),
  part("minute", "Minute", "datetime", "minute", "The minute, 0 to 59"),
  part("second", "Second", "datetime", "second", "The second, 0 to 59"),
  {
    name: "days_between",
    label: "Days between",
    category: "date",
    description: "The number of calendar days from start to end (negative when end is earlier)",
    params: [column("start", "Start", "temporal"), column("end", "End", "temporal")],
    returns: "integer",
    python: (args) => `(${epochDays(arg(args, 1).expr)} - ${epochDays(arg(args, 0).expr)})`,
  },
  {
    name: "add_days",
    label: "Add days",
    category: "date",
    description: "The date a number of days later (earlier when negative); a date-time keeps its time of day",
    params: [column("date", "Date", "temporal"), either("days", "Days", "integer")],
    returns: { same_as: "date" },
    python: (args) => {
      const date = arg(args, 0);
      const days = arg(args, 1);
      if (date.dtype === "Date") return `(${date.expr}.cast(pl.Int32) + ${days.operand}).cast(pl.Date)`;
      // No pl.duration in nodejs-polars: a Duration in the column's own unit keeps unit and zone.
      // Int64 first: a literal day count is an Int32, and days × 86,400,000 overflows it.
      const unit = /^Datetime\((ms|us|ns)/.exec(date.dtype ?? "")?.[1] ?? "us";
      return `(${date.expr} + (${days.expr}.cast(pl.Int64) * ${DAY_IN[unit as keyof typeof DAY_IN]}).cast(pl.Duration(${pyString(unit)})))`;
    },
  },
  {
    name: "format_date",
    label: "Format date",
    category: "date",
    description: "The date as text in a strftime format (%Y year, %m month, %d day, %H:%M:%S time)",
    params: [
      column("date", "Date", "temporal"),
      value("format", "Format", "string", { optional: true, default: "%Y-%m-%d", text: "nonempty" }),
    ],
    returns: "string",
    python: (args) => `${arg(args, 0).expr}.dt.strftime(${arg(args, 1).operand})`,
  },
];
