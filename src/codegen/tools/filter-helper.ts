import type { PythonHelper } from "../types";

/**
 * The Python of a basic filter's condition. Which literal a value becomes depends on the
 * column's dtype ("5" is 5 for a number column and "5" for a text one), which only the data
 * tells, so the script asks the frame's schema when it runs; the rules are literal.ts's and
 * temporal-text.ts's, line for line.
 */
const FILTER_SOURCE = String.raw`def filter_condition(frame: pl.LazyFrame, column: str, operator: str, value) -> pl.Expr:
    """Weft's basic filter on one column: True where the row goes to the True output.

    The value is read in the column's type: numbers may come as text ("5"), dates, date-times
    and times as ISO 8601 text; a date-time without an offset is wall-clock time in the
    column's zone (UTC for a column without one). A null cell matches nothing (also for !=
    and not_in, as in SQL), so ~condition selects every other row, nulls included.
    """
    dtype = frame.collect_schema()[column]
    kind = _filter_kind(dtype)
    where = f'column "{column}" of type {dtype}'
    if kind == "other":
        raise ValueError(f'Operator "{operator}" cannot be used on {where}: only is_null and is_not_null apply')
    if operator in ("contains", "starts_with", "ends_with") and kind != "string":
        raise ValueError(f'Operator "{operator}" needs a String column; {where} is not text')
    if operator in (">", ">=", "<", "<=", "between") and kind == "boolean":
        raise ValueError(f'Operator "{operator}" does not apply to {where} (use == or !=)')
    col = pl.col(column)
    # Categories compare as their text.
    subject = col.cast(pl.String) if kind == "string" and dtype != pl.String else col

    def literal(item, purpose):
        read = _filter_value(column, dtype, kind, item, purpose)
        return read if isinstance(read, pl.Expr) else pl.lit(read)

    if operator in ("in", "not_in"):
        if kind in ("number", "string", "boolean"):
            matched = subject.is_in([_filter_value(column, dtype, kind, item, "equality") for item in value])
        else:
            matched = pl.lit(False)
            for item in value:
                matched = matched | (subject == literal(item, "equality"))
        test = matched if operator == "in" else ~matched
    elif operator == "between":
        low, high = value
        test = (subject >= literal(low, "order")) & (subject <= literal(high, "order"))
    elif operator == "==":
        test = subject == literal(value, "equality")
    elif operator == "!=":
        test = subject != literal(value, "equality")
    elif operator == ">":
        test = subject > literal(value, "order")
    elif operator == ">=":
        test = subject >= literal(value, "order")
    elif operator == "<":
        test = subject < literal(value, "order")
    elif operator == "<=":
        test = subject <= literal(value, "order")
    elif operator == "contains":
        # Literal text, never a regular expression: "." and "(" mean themselves.
        test = subject.str.contains(literal(value, "text"), literal=True)
    elif operator == "starts_with":
        test = subject.str.starts_with(literal(value, "text"))
    elif operator == "ends_with":
        test = subject.str.ends_with(literal(value, "text"))
    else:
        raise ValueError(f'Unknown filter operator "{operator}"')
    return (col.is_not_null() & test).fill_null(False)


def _filter_kind(dtype) -> str:
    if dtype.is_numeric():
        return "number"
    if dtype == pl.String or isinstance(dtype, (pl.Categorical, pl.Enum)):
        return "string"
    if dtype == pl.Boolean:
        return "boolean"
    if dtype == pl.Date:
        return "date"
    if isinstance(dtype, pl.Datetime):
        return "datetime"
    if dtype == pl.Time:
        return "time"
    return "other"


_FILTER_HINTS = {
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "date": "a date as YYYY-MM-DD",
    "datetime": "a date-time in ISO 8601 (YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS[.fff], optional Z or +HH:MM)",
    "time": "a time as HH:MM[:SS[.fff]]",
}
_INTEGER_TEXT = re.compile(r"[+-]?[0-9]+")
_FLOAT_TEXT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
_DATE_TEXT = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DATETIME_TEXT = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})"
    r"(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?"
)
_TIME_TEXT = re.compile(r"([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?")
_PER_SECOND = {"ms": 10**3, "us": 10**6, "ns": 10**9}


def _filter_value(column, dtype, kind, value, purpose):
    """The value in the column's type: a Python value for numbers, text and booleans, else an expression."""

    def mismatch(extra=""):
        return ValueError(
            f"Filter value {json.dumps(value, ensure_ascii=False)} cannot be compared with column \"{column}\" of type {dtype}: "
            f"expected {_FILTER_HINTS[kind]}{extra}"
        )

    if kind == "number":
        number = _filter_number(value)
        if number is None:
            raise mismatch()
        if isinstance(number, int) and not -(2**63) <= number < 2**64:
            return float(number)
        return number
    if kind == "string":
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool) and purpose != "order":
            return _js_number_text(value)
        extra = ""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            extra = f' (text orders character by character: give "{_js_number_text(value)}" as text if that is meant)'
        raise mismatch(extra)
    if kind == "boolean":
        if isinstance(value, bool):
            return value
        text = value.strip().lower() if isinstance(value, str) else None
        if text not in ("true", "false"):
            raise mismatch()
        return text == "true"
    text = value.strip() if isinstance(value, str) else ""
    if kind == "date":
        match = _DATE_TEXT.fullmatch(text)
        day = _civil_date(*match.groups()) if match else None
        if day is None:
            raise mismatch()
        return pl.lit(day, dtype=pl.Date)
    if kind == "time":
        match = _TIME_TEXT.fullmatch(text)
        nanos = _time_nanos(*match.groups()) if match else None
        if nanos is None:
            raise mismatch()
        return pl.lit(nanos, dtype=pl.Int64).cast(pl.Time)
    match = _DATETIME_TEXT.fullmatch(text)
    day = _civil_date(*match.groups()[:3]) if match else None
    nanos = _time_nanos(*match.groups()[3:7]) if match else None
    if day is None or nanos is None:
        raise mismatch()
    offset = match.group(8)
    offset_minutes = None
    if offset == "Z":
        offset_minutes = 0
    elif offset:
        digits = offset[1:].replace(":", "")
        if int(digits[2:]) > 59:
            raise mismatch()
        offset_minutes = int(digits[:2]) * 60 + int(digits[2:])
        offset_minutes = -offset_minutes if offset.startswith("-") else offset_minutes
    unit, zone = dtype.time_unit or "us", dtype.time_zone
    per_second = _PER_SECOND[unit]
    seconds = (day - datetime.date(1970, 1, 1)).days * 86_400 + nanos // 10**9
    local = seconds * per_second + (nanos % 10**9) * per_second // 10**9
    if offset_minutes is not None:
        # An instant: a column without a zone holds UTC.
        utc = local - offset_minutes * 60 * per_second
        return pl.lit(utc, dtype=pl.Int64).cast(pl.Datetime(unit, zone))
    naive = pl.lit(local, dtype=pl.Int64).cast(pl.Datetime(unit))
    return naive.dt.replace_time_zone(zone) if zone else naive


def _filter_number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.strip()
        if _INTEGER_TEXT.fullmatch(text):
            return int(text)
        if _FLOAT_TEXT.fullmatch(text):
            number = float(text)
            return number if math.isfinite(number) else None
    return None


def _civil_date(year, month, day):
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError:
        return None


def _time_nanos(hour, minute, second, fraction):
    h, m, s = int(hour or 0), int(minute or 0), int(second or 0)
    if h > 23 or m > 59 or s > 59:
        return None
    return (h * 3600 + m * 60 + s) * 10**9 + int((fraction or "").ljust(9, "0"))


def _js_number_text(number) -> str:
    """A number as JavaScript writes it (what Weft compares a text column with): 5, 2.5, 1e-7, 1e+21."""
    if isinstance(number, int):
        return str(number)
    if number == 0:
        return "0"
    sign, digits, exponent = decimal.Decimal(repr(abs(number))).normalize().as_tuple()
    text = "".join(map(str, digits))
    point = len(text) + exponent
    minus = "-" if number < 0 else ""
    if len(text) <= point <= 21:
        return minus + text + "0" * (point - len(text))
    if 0 < point <= 21:
        return minus + text[:point] + "." + text[point:]
    if -6 < point <= 0:
        return minus + "0." + "0" * -point + text
    mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
    return f"{minus}{mantissa}e{'+' if point - 1 >= 0 else '-'}{abs(point - 1)}"`;

/** `filter_condition(frame, column, operator, value)`: the mask of a basic filter. */
export const FILTER_HELPER: PythonHelper = {
  name: "filter_condition",
  imports: ["datetime", "decimal", "json", "math", "re"],
  source: FILTER_SOURCE,
};
