import { ExpressionError } from "./expression-error";
import { codePointLength, type PyValue, pyRepr, pyStr, typeName } from "./py-value";

/**
 * Python's printf-style `template % args`, our own bounded implementation: conversions
 * `%s %r %d %i %u %f %F %x %X %o %%` with the flags `- + space 0 #`, a width and a precision.
 * Widths and precisions above `maxLength` are refused before anything is formatted, and the
 * result is refused as soon as it would pass `maxLength` code points. Mapping keys
 * (`%(name)s`), `*` widths and the other conversions (`%e %g %c %a`) are refused.
 */
export function percentFormat(template: string, args: PyValue, maxLength: number, pos: number): string {
  const fail = (why: string): never => {
    throw new ExpressionError(`String formatting with % refused: ${why}`, pos);
  };
  const values = args.type === "tuple" ? args.items : [args];
  let next = 0;
  let out = "";
  let length = 0;
  const append = (piece: string) => {
    length += codePointLength(piece);
    if (length > maxLength) fail(`the result would be longer than ${maxLength} characters`);
    out += piece;
  };
  const spec = /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.?)/y;
  let at = 0;
  while (at < template.length) {
    const percent = template.indexOf("%", at);
    if (percent < 0) {
      append(template.slice(at));
      break;
    }
    append(template.slice(at, percent));
    if (template[percent + 1] === "(") fail("mapping keys such as %(name)s are not supported");
    spec.lastIndex = percent;
    const match = spec.exec(template);
    const [, flags = "", widthText, precisionText, conversion = ""] = match ?? [];
    at = spec.lastIndex;
    if (conversion === "") fail("incomplete format at the end of the string");
    if (conversion === "%") {
      append("%");
      continue;
    }
    if (widthText === "*" || precisionText === "*") fail("* widths and precisions are not supported");
    const width = bounded(widthText, "width", maxLength, fail);
    const precision =
      precisionText === undefined ? undefined : bounded(precisionText || "0", "precision", maxLength, fail);
    const value = values[next];
    next += 1;
    if (value === undefined) fail("not enough arguments for the format string");
    const piece = convert(conversion, flags, precision, value as PyValue, fail);
    append(pad(piece, width ?? 0, flags, "sdiufFxXo".includes(conversion) && conversion !== "s"));
  }
  if (next < values.length) fail("not all arguments converted during string formatting");
  return out;
}

function bounded(
  text: string | undefined,
  what: string,
  max: number,
  fail: (why: string) => never,
): number | undefined {
  if (text === undefined) return undefined;
  // Compared as text first: a width of a billion digits must not become a number at all.
  const trimmed = text.replace(/^0+(?=\d)/, "");
  if (trimmed.length > String(max).length || Number(trimmed) > max)
    fail(`a ${what} of ${trimmed.length > 12 ? `${trimmed.slice(0, 12)}...` : trimmed} is over the limit of ${max}`);
  return Number(trimmed);
}

/** Pads to the width: left-justified with `-`, zeros after the sign with `0` (numbers only). */
function pad(piece: string, width: number, flags: string, numeric: boolean): string {
  const missing = width - codePointLength(piece);
  if (missing <= 0) return piece;
  if (flags.includes("-")) return piece + " ".repeat(missing);
  if (flags.includes("0") && numeric && /\d/.test(piece)) {
    const sign = /^([-+ ]?(?:0[xXo])?)/.exec(piece)?.[1] ?? "";
    return sign + "0".repeat(missing) + piece.slice(sign.length);
  }
  return " ".repeat(missing) + piece;
}

function convert(
  conversion: string,
  flags: string,
  precision: number | undefined,
  value: PyValue,
  fail: (why: string) => never,
): string {
  switch (conversion) {
    case "s":
    case "r": {
      const text = conversion === "s" ? pyStr(value) : pyRepr(value);
      return precision === undefined ? text : Array.from(text).slice(0, precision).join("");
    }
    case "d":
    case "i":
    case "u": {
      const int = integerOf(value, true, conversion, fail);
      return signed(int < 0n, withPrecision((int < 0n ? -int : int).toString(), precision), flags);
    }
    case "x":
    case "X":
    case "o": {
      const int = integerOf(value, false, conversion, fail);
      const digits = (int < 0n ? -int : int).toString(conversion === "o" ? 8 : 16);
      const body = withPrecision(conversion === "X" ? digits.toUpperCase() : digits, precision);
      const prefix = flags.includes("#") ? `0${conversion === "o" ? "o" : conversion}` : "";
      return signed(int < 0n, prefix + body, flags);
    }
    case "f":
    case "F": {
      const x = floatOf(value, conversion, fail);
      if (!Number.isFinite(x)) {
        const text = Number.isNaN(x) ? "nan" : "inf";
        return signed(x < 0, conversion === "F" ? text.toUpperCase() : text, flags);
      }
      const digits = fixedDigits(Math.abs(x), precision ?? 6);
      const alternate = flags.includes("#") && precision === 0 ? "." : "";
      return signed(x < 0 || Object.is(x, -0), digits + alternate, flags);
    }
    default:
      return fail(`the conversion %${conversion} is not supported (use %s, %r, %d, %i, %f, %x, %X, %o or %%)`);
  }
}

function withPrecision(digits: string, precision: number | undefined): string {
  return precision === undefined ? digits : digits.padStart(precision, "0");
}

function signed(negative: boolean, body: string, flags: string): string {
  if (negative) return `-${body}`;
  if (flags.includes("+")) return `+${body}`;
  if (flags.includes(" ")) return ` ${body}`;
  return body;
}

function integerOf(value: PyValue, floats: boolean, conversion: string, fail: (why: string) => never): bigint {
  if (value.type === "int") return value.value;
  if (value.type === "bool") return value.value ? 1n : 0n;
  if (value.type === "float" && floats) {
    if (!Number.isFinite(value.value)) fail(`%${conversion} cannot format ${value.value}`);
    return BigInt(Math.trunc(value.value));
  }
  return fail(`%${conversion} needs ${floats ? "a number" : "an integer"}, not ${typeName(value)}`);
}

function floatOf(value: PyValue, conversion: string, fail: (why: string) => never): number {
  if (value.type === "float") return value.value;
  if (value.type === "bool") return value.value ? 1 : 0;
  if (value.type === "int") {
    const x = Number(value.value);
    if (!Number.isFinite(x)) fail("the integer is too large to convert to float");
    return x;
  }
  return fail(`%${conversion} needs a number, not ${typeName(value)}`);
}

/**
 * The decimal digits of a finite non-negative double with `precision` digits after the point,
 * rounded as Python does: exactly, ties to even (JavaScript's toFixed rounds ties up and stops
 * at 100 digits).
 */
export function fixedDigits(x: number, precision: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const high = view.getUint32(0);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  // x = mantissa * 2^exponent exactly; scale by 10^precision and round the quotient.
  let numerator = mantissa * 10n ** BigInt(precision);
  let denominator = 1n;
  if (exponent >= 0) numerator <<= BigInt(exponent);
  else denominator <<= BigInt(-exponent);
  let quotient = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  if (twice > denominator || (twice === denominator && (quotient & 1n) === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(precision + 1, "0");
  return precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}
