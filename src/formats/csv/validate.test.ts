import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadOptions } from "../types";
import { scanCsv } from "./reader";
import { validateCsv } from "./validate";

const tmp = tempFolder("csv-validate");
afterAll(tmp.cleanup);

let counter = 0;

/** Writes `content` to a fresh file and validates it. */
function validate(content: string | Uint8Array, options: ReadOptions = {}, maxLines?: number) {
  const path = tmp.file(`v${counter++}.csv`, content);
  return { path, ...validateCsv(path, options, maxLines) };
}

/** True when Polars reads the whole file without an error. */
function polarsReads(path: string, options: ReadOptions = {}): boolean {
  try {
    collect(scanCsv(path, options));
    return true;
  } catch {
    return false;
  }
}

const clean = { errors: [], warnings: [] };

describe("validateCsv: clean files", () => {
  test("a well-formed file, with quoted delimiters, doubled quotes and line breaks inside quotes, has no findings", () => {
    const { errors, warnings, path } = validate(
      'id,note,amount\n1,"a, b",2.5\n2,"two\nlines\r\nthree",3\n3,"say ""hi""",\n',
    );
    expect({ errors, warnings }).toEqual(clean);
    expect(polarsReads(path)).toBe(true);
  });

  test("a UTF-8 byte-order mark is fine and not part of the first name", () => {
    expect(validate("\uFEFFid,name\n1,é\n")).toMatchObject(clean);
    // Were the mark kept, "\uFEFFa" and "a" would differ and no repeat would be found.
    expect(validate("\uFEFFa,a\n1,2\n").warnings).toEqual([
      'the header (line 1) repeats the column name "a" (columns 1 and 2); the repeats are read as "a_duplicated_0" and so on',
    ]);
  });

  test("a header-only file and a one-column file with empty values are fine", () => {
    expect(validate("a,b\n")).toMatchObject(clean);
    expect(validate("a\n1\n\n2\n")).toMatchObject(clean);
  });
});

describe("validateCsv: ragged rows and blank lines", () => {
  test("more fields than the header is an error, fewer a warning, each naming lines and counts", () => {
    const { errors, warnings, path } = validate('a,b,c\n1,u,3\n1,v,3,4\n5,"x\ny"\n5,w,7,8,9\n');
    expect(errors).toEqual([
      "2 rows have more fields than the header (3), which fails the read: line 3 has 4 and line 6 has 5",
    ]);
    expect(warnings).toEqual([
      "1 row has fewer fields than the header (3); the missing fields are read as empty: line 4 has 2",
    ]);
    expect(polarsReads(path)).toBe(false);
  });

  test("many ragged rows show three examples and how many more", () => {
    const lines = ["a,b"];
    const expectedLines: number[] = [];
    for (let i = 0; i < 20; i++) {
      const short = i % 4 === 1;
      lines.push(short ? "1" : "1,2");
      if (short) expectedLines.push(lines.length);
    }
    const { warnings } = validate(`${lines.join("\n")}\n`);
    const shown = expectedLines.slice(0, 3).map((n) => `line ${n} has 1`);
    expect(warnings).toEqual([
      `${expectedLines.length} rows have fewer fields than the header (2); the missing fields are read as empty: ${shown.join(", ")} and ${expectedLines.length - 3} more`,
    ]);
  });

  test("without a header the first row sets the count", () => {
    expect(validate("1,2\n3,4,5\n", { has_header: false }).errors).toEqual([
      "1 row has more fields than the first row (2), which fails the read: line 2 has 3",
    ]);
  });

  test("blank lines in a multi-column file are reported (read as empty rows); leading ones are skipped as Polars does", () => {
    const { errors, warnings } = validate("\n\na,b\n1,2\n\n3,4\r\n\r\n");
    expect(errors).toEqual([]);
    expect(warnings).toEqual(["2 blank lines are read as rows of empty values: line 5 and line 7"]);
  });

  test("skip_rows skips leading junk; line numbers stay those of the file", () => {
    const { errors } = validate("exported by X on Monday\n\na,b\n1,2\n1,2,3\n", { skip_rows: 2 });
    expect(errors).toEqual(["1 row has more fields than the header (2), which fails the read: line 5 has 3"]);
    expect(validate("junk\n", { skip_rows: 4 }).errors).toEqual(["skip_rows is 4 but the file has only 1 row"]);
  });
});

describe("validateCsv: the header", () => {
  test("repeated names are warnings naming the columns", () => {
    const { warnings, path } = validate("id,x,id,x,id\n1,2,3,4,5\n");
    expect(warnings).toEqual([
      'the header (line 1) repeats the column name "id" (columns 1, 3 and 5); the repeats are read as "id_duplicated_0" and so on',
      'the header (line 1) repeats the column name "x" (columns 2 and 4); the repeats are read as "x_duplicated_0" and so on',
    ]);
    expect(collect(scanCsv(path, {})).columns).toContain("id_duplicated_0");
  });

  test("empty names are warnings naming the columns", () => {
    expect(validate("a,,b, \n1,2,3,4\n").warnings).toEqual([
      "the header (line 1) has no name for columns 2 and 4; name every column so tools can refer to it",
    ]);
    expect(validate("junk\n,a\n1,2\n", { skip_rows: 1 }).warnings).toEqual([
      "the header (line 2) has no name for column 1; name every column so tools can refer to it",
    ]);
  });
});

describe("validateCsv: quotes", () => {
  test("an unterminated quote is an error naming the line it opens on", () => {
    expect(validate('a,b\n1,2\n3,"open\n4,5\n').errors).toEqual([
      "line 3: a quoted field opens here and is never closed, so the rest of the file is read as one value (an unterminated quote)",
    ]);
  });

  test("a quote inside an unquoted field or text after a closing quote is an error, and Polars refuses both", () => {
    const inside = validate('a,b\n5" screen,1\n');
    expect(inside.errors).toEqual([
      '1 unquoted field holds a quote character, which Polars refuses (quote the field and double the quote: "5"" screen"): line 2 (field 1)',
    ]);
    expect(polarsReads(inside.path)).toBe(false);
    const after = validate('a,b\n1,"x"y\n');
    expect(after.errors).toEqual([
      "1 quoted field has text after the closing quote, which Polars refuses: line 2 (field 2)",
    ]);
    expect(polarsReads(after.path)).toBe(false);
  });

  test("quote_char and delimiter are honoured", () => {
    expect(validate("a;b\n'x;\ny';2\n", { delimiter: ";", quote_char: "'" })).toMatchObject(clean);
  });
});

describe("validateCsv: mixed types", () => {
  /** 200 amounts, numbers except the given rows (1-based data rows), which hold `bad`. */
  function amounts(badRows: number[], bad = "n/a", float = false): string {
    const lines = ["id,amount"];
    for (let row = 1; row <= 200; row++) {
      const value = badRows.includes(row) ? bad : float && row > 150 ? `${row}.5` : String(row * 3);
      lines.push(`${row},${value}`);
    }
    return `${lines.join("\n")}\n`;
  }

  test("a few non-numbers in a numeric column are a warning naming lines and values; Polars reads it as text", () => {
    const { warnings, errors, path } = validate(amounts([16, 40, 70, 90]));
    expect(errors).toEqual([]);
    // Data row r sits on line r + 1 (the header is line 1).
    expect(warnings).toEqual([
      'column "amount": 4 of 200 values are not numbers (line 17: "n/a", line 41: "n/a", line 71: "n/a" and 1 more), so the whole column is read as text',
    ]);
    expect(collect(scanCsv(path, {})).getColumn("amount").dtype.toString()).toContain("String");
  });

  test("non-numbers only after the rows Polars infers the type from are an error: the read fails", () => {
    const { errors, path } = validate(amounts([150, 180], "-"));
    expect(errors).toEqual([
      'column "amount": 2 of 200 values are not numbers (line 151: "-" and line 181: "-"); the first 100 rows hold only numbers, so the column is read as numbers and reading fails at line 151 (raise infer_schema_length or fix the values)',
    ]);
    expect(polarsReads(path)).toBe(false);
    // With a longer inference the same file reads, as text, and validation agrees.
    const options = { infer_schema_length: 200 };
    expect(validateCsv(path, options).errors).toEqual([]);
    expect(polarsReads(path, options)).toBe(true);
    // infer_schema_length 0 reads every column as text: nothing can clash.
    expect(validateCsv(path, { infer_schema_length: 0 })).toEqual(clean);
  });

  test("decimals only after whole numbers in the inference rows are an error; Polars fails the same way", () => {
    const { errors, path } = validate(amounts([], "", true));
    expect(errors).toEqual([
      'column "amount": line 152 holds "151.5", not a whole number, but the first 100 rows hold only whole numbers, so the column is read as integers and reading fails there (raise infer_schema_length)',
    ]);
    expect(polarsReads(path)).toBe(false);
  });

  test("a text column with some numbers in it and empty values are not flagged", () => {
    expect(validate("code,v\nA1,\n15,1\nB2,\nC3,2\n")).toMatchObject(clean);
  });
});

describe("validateCsv: bytes and encodings", () => {
  test("NUL characters are a warning naming their lines", () => {
    expect(validate("a,b\n1,x\0y\0\n2,z\n3,\0\n").warnings).toEqual([
      "NUL characters on 2 lines (line 2 and line 4); the file may be binary or UTF-16 (set encoding)",
    ]);
  });

  test("invalid UTF-8 is an error naming the line, a warning with utf8-lossy, fine as Latin-1", () => {
    const bytes = Buffer.concat([Buffer.from("a,b\n1,ok\n2,caf"), Buffer.from([0xe9]), Buffer.from("\n3,x\n")]);
    expect(validate(bytes).errors).toEqual([
      'bytes that are not valid UTF-8 on 1 line (line 3): set encoding to "latin1" or "windows-1252" if the file comes from an older Windows program, or to "utf8-lossy" to read them as U+FFFD',
    ]);
    expect(validate(bytes, { encoding: "utf8-lossy" }).warnings).toEqual([
      "bytes that are not valid UTF-8 on 1 line (line 3) are read as U+FFFD (�)",
    ]);
    expect(validate(bytes, { encoding: "latin1" })).toMatchObject(clean);
  });

  test("a Latin-1 file is tokenized after decoding: ragged rows keep their lines", () => {
    const bytes = Buffer.from("nom,ville\nÉlodie,Besançon\nJürgen\n", "latin1");
    expect(validate(bytes, { encoding: "iso-8859-1" }).warnings).toEqual([
      "1 row has fewer fields than the header (2); the missing fields are read as empty: line 3 has 1",
    ]);
  });

  test("UTF-16: read through the same decoder; read as UTF-8 it is an error suggesting utf-16", () => {
    const bytes = Buffer.from("\uFEFFa,b\n1,é\n2\n", "utf16le");
    expect(validate(bytes, { encoding: "utf-16" }).warnings).toEqual([
      "1 row has fewer fields than the header (2); the missing fields are read as empty: line 3 has 1",
    ]);
    expect(validate(bytes).errors).toEqual([
      'the file starts with a UTF-16LE byte-order mark: set encoding to "utf-16"',
    ]);
    const odd = validate(Buffer.concat([bytes, Buffer.from([0x41])]), { encoding: "utf-16" });
    expect(odd.errors).toHaveLength(1);
    expect(odd.errors[0]).toContain("not valid UTF-16LE");
  });
});

describe("validateCsv: limits, empty files and bad input", () => {
  test("an empty file, a byte-order mark only and blank lines only are errors", () => {
    expect(validate("")).toMatchObject({ errors: ["the file is empty: it has no header and no rows"], warnings: [] });
    const noHeader = "the file holds no header: it has only blank lines or a byte-order mark";
    expect(validate("\uFEFF").errors).toEqual([noHeader]);
    expect(validate("\n\r\n\n").errors).toEqual([noHeader]);
  });

  test("only the first maxLines records are read", () => {
    const lines = ["a,b", ...Array.from({ length: 30 }, () => "1,2"), "1,2,3"];
    const bytes = Buffer.concat([Buffer.from(`${lines.join("\n")}\n`), Buffer.from([0xff, 0x0a])]);
    expect(validate(bytes, {}, 10)).toMatchObject(clean);
    const all = validate(bytes);
    expect(all.errors).toHaveLength(2);
    expect(all.errors[1]).toContain("line 33");
  });

  test("random bytes in every encoding give findings, never an exception", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = [0x22, 0x2c, 0x0a, 0x0d, 0x00, 0x41, 0x31, 0xc3, 0xa9, 0xff, 0xfe, 0xd8];
    for (let round = 0; round < 60; round++) {
      const bytes = Uint8Array.from({ length: 1 + Math.floor(next() * 300) }, () =>
        next() < 0.8 ? (alphabet[Math.floor(next() * alphabet.length)] as number) : Math.floor(next() * 256),
      );
      const path = tmp.file(`garbage${round}.csv`, bytes);
      for (const encoding of ["utf8", "utf8-lossy", "latin1", "utf-16", "utf-16be"]) {
        const result = validateCsv(path, { encoding });
        expect(Array.isArray(result.errors) && Array.isArray(result.warnings)).toBe(true);
      }
    }
  });

  test("a missing file and invalid options are DataSourceErrors naming the file", () => {
    const missing = join(tmp.dir, "missing.csv");
    expectDataSourceError(() => validateCsv(missing, {}), "File not found", missing);
    const path = tmp.file("ok.csv", "a\n1\n");
    expectDataSourceError(() => validateCsv(path, { delimiter: "ab" }), path, "delimiter");
    expectDataSourceError(() => validateCsv(path, { encoding: "ebcdic" }), path, "not supported");
    expectDataSourceError(() => validateCsv(tmp.dir, {}), "directory");
  });
});
