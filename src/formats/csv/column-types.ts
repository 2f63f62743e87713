import { Examples, quoted } from "./examples";

/** Polars' CSV inference patterns: `+5` is text, `5.`, `.5`, `1e3`, `inf` and `NaN` are floats. */
const INTEGER = /^-?\d+$/;
const FLOAT = /^[-+]?(\d*\.\d+([eE][-+]?\d+)?|inf|NaN|\d+[eE][-+]?\d+|\d+\.)$/;

/** A problem found in one column: an error fails the read, a warning changes how it is read. */
export interface ColumnFinding {
  level: "error" | "warning";
  message: string;
}

/**
 * What one column's values look like, in one pass with constant memory: how many are
 * numbers, where the first number, non-number and float are (data rows, 1-based), and a few
 * examples. Polars guesses a column's type from its first `infer_schema_length` rows, so
 * a value that does not fit that guess later on fails the whole read.
 */
export class ColumnTypes {
  private values = 0;
  private numbers = 0;
  private firstNumber = Number.POSITIVE_INFINITY;
  private firstText = Number.POSITIVE_INFINITY;
  private firstInteger = Number.POSITIVE_INFINITY;
  private firstFloat = Number.POSITIVE_INFINITY;
  private textLine = 0;
  private floatLine = 0;
  private floatValue = "";
  private readonly texts = new Examples();

  constructor(private readonly name: string) {}

  /** Counts the value of data row `row` (1-based) found on physical line `line`. Empty values are nulls. */
  add(value: string, row: number, line: number): void {
    if (value === "") return;
    this.values++;
    if (INTEGER.test(value)) {
      this.numbers++;
      this.firstNumber = Math.min(this.firstNumber, row);
      this.firstInteger = Math.min(this.firstInteger, row);
    } else if (FLOAT.test(value)) {
      this.numbers++;
      this.firstNumber = Math.min(this.firstNumber, row);
      if (row < this.firstFloat) {
        this.firstFloat = row;
        this.floatLine = line;
        this.floatValue = value;
      }
    } else {
      if (row < this.firstText) {
        this.firstText = row;
        this.textLine = line;
      }
      this.texts.add(() => `line ${line}: ${quoted(value)}`);
    }
  }

  /**
   * The column's type problem, if any, given the rows Polars infers types from (0 reads every
   * column as text, so nothing can clash).
   */
  finding(inferRows: number): ColumnFinding | undefined {
    if (inferRows === 0) return undefined;
    const column = `column ${JSON.stringify(this.name)}`;
    const notNumbers = this.texts.count;
    const counted = `${column}: ${notNumbers} of ${this.values} values are not numbers (${this.texts.describe()})`;
    if (notNumbers > 0 && this.firstNumber <= inferRows && this.firstText > inferRows) {
      return {
        level: "error",
        message: `${counted}; the first ${inferRows} rows hold only numbers, so the column is read as numbers and reading fails at line ${this.textLine} (raise infer_schema_length or fix the values)`,
      };
    }
    if (notNumbers > 0 && this.numbers > notNumbers) {
      return { level: "warning", message: `${counted}, so the whole column is read as text` };
    }
    if (notNumbers === 0 && this.firstInteger <= inferRows && this.firstFloat !== Number.POSITIVE_INFINITY) {
      if (this.firstFloat > inferRows) {
        return {
          level: "error",
          message: `${column}: line ${this.floatLine} holds ${quoted(this.floatValue)}, not a whole number, but the first ${inferRows} rows hold only whole numbers, so the column is read as integers and reading fails there (raise infer_schema_length)`,
        };
      }
    }
    return undefined;
  }
}
