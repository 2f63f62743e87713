import pl from "nodejs-polars";
import { MS_PER_DAY, type QvdColumnType, SERIAL_EPOCH_DAYS } from "./column-type";
import { type SymbolTable, symbolText } from "./symbols";

/**
 * A field's symbols as a Series of its column type, in symbol order, with one null after
 * the last symbol: the null slot that the index table's null rows point at. Rows are then
 * a gather of this Series, so each distinct value is converted once.
 */
export function dictionarySeries(name: string, type: QvdColumnType, symbols: SymbolTable): pl.Series {
  const { count, numbers } = symbols;
  const map = (f: (n: number) => number) => Float64Array.from(numbers, f);
  let values: pl.Series;
  switch (type) {
    case "String":
      values = pl.Series(
        name,
        Array.from({ length: count }, (_, i) => symbolText(symbols, i)),
        pl.String,
      );
      break;
    case "Float64":
      values = pl.Series(name, numbers, pl.Float64);
      break;
    case "Int64":
      values = pl.Series(name, numbers, pl.Float64).cast(pl.Int64, true);
      break;
    case "Date":
      values = pl
        .Series(
          name,
          Int32Array.from(numbers, (n) => n - SERIAL_EPOCH_DAYS),
        )
        .cast(pl.Date);
      break;
    case "Datetime":
      values = msSeries(
        name,
        map((n) => Math.round((n - SERIAL_EPOCH_DAYS) * MS_PER_DAY)),
      ).cast(pl.Datetime("ms"));
      break;
    case "Time":
      // Polars' Time counts nanoseconds since midnight; Qlik's is a fraction of a day.
      values = msSeries(
        name,
        map((n) => Math.round(n * MS_PER_DAY) * 1e6),
      ).cast(pl.Time);
      break;
    case "Duration":
      values = msSeries(
        name,
        map((n) => Math.round(n * MS_PER_DAY)),
      ).cast(pl.Duration("ms"));
      break;
  }
  return values.extend(pl.Series(name, [null], values.dtype));
}

/** Whole numbers (all within ±2^53) as an Int64 Series. */
function msSeries(name: string, values: Float64Array): pl.Series {
  return pl.Series(name, values, pl.Float64).cast(pl.Int64, true);
}
