import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import type { RecordView } from "./blocks";
import { float32s, float64s, int16s, int32s, int64s, ListColumn, TypedColumn, uint8s } from "./columns";
import type { YxdbField } from "./record-info";
import { SpatialError, spatialToGeoJson } from "./spatial";
import { dateAt, dateTimeAt, integerDigits, isDecimalText, timeAt } from "./text-values";
import { VarDataError, type VarRange, varRange } from "./var-data";

/** Polars' widest decimal; wider FixedDecimal fields become Float64 (README.md). */
export const MAX_DECIMAL_PRECISION = 38;

/** Decodes one field of every record into a column. */
export interface FieldDecoder {
  /** Reads the field from one record (`row` counts from 0, for messages). */
  add(record: RecordView, row: number): void;
  finish(): pl.Series;
}

interface Column<V> {
  push(value: V | null): void;
  finish(): pl.Series;
}

/**
 * A decoder that pushes what `read` answers for each record; `read` gets the record's
 * bytes, where this field starts in them, and the row.
 */
function decoder<V>(
  column: Column<V>,
  offset: number,
  read: (bytes: Buffer, at: number, row: number, record: RecordView) => V | null,
): FieldDecoder {
  return {
    add: (record, row) => column.push(read(record.bytes, record.start + offset, row, record)),
    finish: () => column.finish(),
  };
}

/**
 * The decoder of `field`. Fixed-width types end with a null flag byte (non-zero = null); a
 * Bool packs value (bit 0) and null (bit 1) in its one byte; text is NUL-terminated within
 * its width; dates and times are text of a fixed width; variable types go through
 * `varRange`. Narrow text is Latin-1, wide text UTF-16LE.
 */
export function fieldDecoder(path: string, field: YxdbField, fixedSize: number, capacity: number): FieldDecoder {
  const { name, offset, size } = field;
  const fail = (row: number, what: string, cause?: Error) =>
    new DataSourceError(`Cannot read ${path}: field "${name}" of record ${row + 1} ${what}`, { cause });
  const range: VarRange = { start: 0, end: 0 };
  /** Sets `range` to the variable value; false for null. */
  const variable = (record: RecordView, at: number, row: number): boolean => {
    try {
      return varRange(record.bytes, record.start, record.end, at, fixedSize, range);
    } catch (error) {
      if (!(error instanceof VarDataError)) throw error;
      throw fail(row, `points to ${error.message}`, error);
    }
  };
  /** A fixed-width number: null when its flag byte (after `width` bytes) is set. */
  const number = <V extends number | bigint>(
    column: TypedColumn<V>,
    width: number,
    read: (bytes: Buffer, at: number) => V,
  ) => decoder(column, offset, (b, at) => (b[at + width] !== 0 ? null : read(b, at)));
  /** A date or time of `width` characters parsed by `parse`; blank text is null, as Alteryx reads it. */
  const temporal = <V extends number | bigint>(
    column: TypedColumn<V>,
    width: number,
    parse: (bytes: Buffer, at: number) => V | undefined,
    form: string,
  ) =>
    decoder(column, offset, (b, at, row) => {
      if (b[at + width] !== 0 || b[at] === 0) return null;
      const value = parse(b, at);
      if (value !== undefined) return value;
      throw fail(row, `holds ${JSON.stringify(nulTerminated(b, at, width))}, which is not a ${form}`);
    });
  const text = () => new ListColumn<string>(name, pl.String);

  switch (field.type) {
    case "Bool":
      return decoder(new ListColumn<boolean>(name, pl.Bool), offset, (b, at) => {
        const byte = b[at] as number;
        return byte & 2 ? null : (byte & 1) !== 0;
      });
    case "Byte":
      return number(new TypedColumn(name, uint8s, 0, capacity), 1, (b, at) => b[at] as number);
    case "Int16":
      return number(new TypedColumn(name, int16s, 0, capacity), 2, (b, at) => b.readInt16LE(at));
    case "Int32":
      return number(new TypedColumn(name, int32s, 0, capacity), 4, (b, at) => b.readInt32LE(at));
    case "Int64":
      return number(new TypedColumn(name, int64s, 0n, capacity), 8, (b, at) => b.readBigInt64LE(at));
    case "Float":
      return number(new TypedColumn(name, float32s, 0, capacity), 4, (b, at) => b.readFloatLE(at));
    case "Double":
      return number(new TypedColumn(name, float64s, 0, capacity), 8, (b, at) => b.readDoubleLE(at));
    case "FixedDecimal":
      return fixedDecimal(field, capacity, fail);
    case "String":
      return decoder(text(), offset, (b, at) => (b[at + size] !== 0 ? null : nulTerminated(b, at, size)));
    case "WString":
      return decoder(text(), offset, (b, at) => (b[at + size * 2] !== 0 ? null : wideNulTerminated(b, at, size)));
    case "V_String":
      return decoder(text(), offset, (b, at, row, record) =>
        variable(record, at, row) ? b.toString("latin1", range.start, range.end) : null,
      );
    case "V_WString":
      return decoder(text(), offset, (b, at, row, record) => {
        if (!variable(record, at, row)) return null;
        const length = range.end - range.start;
        if (length % 2 !== 0) throw fail(row, `holds ${length} bytes, not whole UTF-16 characters`);
        return b.toString("utf16le", range.start, range.end);
      });
    case "Date":
      return temporal(new TypedColumn(name, int32s, 0, capacity, pl.Date), 10, dateAt, "date (YYYY-MM-DD)");
    case "Time": {
      const column = new TypedColumn(name, int64s, 0n, capacity, pl.Time);
      return temporal(column, 8, (b, at) => nanos(timeAt(b, at)), "time (HH:MM:SS)");
    }
    case "DateTime": {
      const column = new TypedColumn(name, int64s, 0n, capacity, pl.Datetime("us"));
      return temporal(column, 19, (b, at) => micros(dateTimeAt(b, at)), "date-time (YYYY-MM-DD HH:MM:SS)");
    }
    case "Blob": {
      // Binary is made from base64 text: nodejs-polars 0.26.1 cannot build a Series from Buffers.
      const column = decoder(text(), offset, (b, at, row, record) =>
        variable(record, at, row) ? b.toString("base64", range.start, range.end) : null,
      );
      return { add: column.add, finish: () => column.finish().str.decode("base64") };
    }
    case "SpatialObj":
      return decoder(text(), offset, (b, at, row, record) => {
        if (!variable(record, at, row)) return null;
        try {
          return spatialToGeoJson(b.subarray(range.start, range.end));
        } catch (error) {
          if (!(error instanceof SpatialError)) throw error;
          throw fail(row, `holds a spatial object that cannot be read (${error.message})`, error);
        }
      });
  }
}

const nanos = (seconds: number | undefined) => (seconds === undefined ? undefined : BigInt(seconds) * 1_000_000_000n);
const micros = (seconds: number | undefined) => (seconds === undefined ? undefined : BigInt(seconds) * 1_000_000n);

/**
 * FixedDecimal: text of up to `size` characters, sign and point included, so at most
 * `size - 1` digits when there is a scale. As Polars Decimal(that, scale) — exact — when it
 * fits Polars' 38 digits, else as Float64. Blank text is null, as Alteryx reads it.
 */
function fixedDecimal(
  field: YxdbField,
  capacity: number,
  fail: (row: number, what: string) => DataSourceError,
): FieldDecoder {
  const { name, offset, size, scale } = field;
  const precision = scale > 0 ? size - 1 : size;
  const text = (b: Buffer, at: number, row: number): string | null => {
    if (b[at + size] !== 0) return null;
    const value = nulTerminated(b, at, size);
    if (value === "") return null;
    if (!isDecimalText(value)) throw fail(row, `holds ${JSON.stringify(value)}, which is not a decimal number`);
    return value;
  };
  if (precision > MAX_DECIMAL_PRECISION) {
    return decoder(new TypedColumn(name, float64s, 0, capacity), offset, (b, at, row) => {
      const value = text(b, at, row);
      return value === null ? null : Number(value);
    });
  }
  const wholeDigits = precision - scale;
  const column = decoder(new ListColumn<string>(name, pl.String), offset, (b, at, row) => {
    const value = text(b, at, row);
    if (value !== null && integerDigits(value) > wholeDigits) {
      throw fail(row, `holds ${JSON.stringify(value)}, more digits than its size (${size}) allows`);
    }
    return value;
  });
  // Strict: every text was checked to fit, so a failure here would be a bug, not a null.
  return { add: column.add, finish: () => column.finish().cast(pl.Decimal(precision, scale), true) };
}

/** Latin-1 text of at most `width` bytes at `start`, up to the first NUL. */
function nulTerminated(bytes: Buffer, start: number, width: number): string {
  let end = start;
  while (end < start + width && bytes[end] !== 0) end++;
  return bytes.toString("latin1", start, end);
}

/** UTF-16LE text of at most `width` characters at `start`, up to the first NUL character. */
function wideNulTerminated(bytes: Buffer, start: number, width: number): string {
  let end = start;
  while (end < start + width * 2 && (bytes[end] !== 0 || bytes[end + 1] !== 0)) end += 2;
  return bytes.toString("utf16le", start, end);
}
