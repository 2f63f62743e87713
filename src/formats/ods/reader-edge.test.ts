import { afterAll, describe, expect, test } from "bun:test";
import { collect, expectDataSourceError, rowsOf, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadHints, ReadOptions } from "../types";
import { contentXml, empty, escapeXml, num, odsPackage, rawText, row, sheet, text } from "./ods-builder.fixture";
import { odsSheetNames, odsSheets, scanOds } from "./reader";

const tmp = tempFolder("ods-edge");
afterAll(tmp.cleanup);
let counter = 0;

/** Writes an .ods holding `tables` and answers its path. */
function odsFile(tables: string, styles = ""): string {
  counter += 1;
  return tmp.file(`case-${counter}.ods`, odsPackage(contentXml(tables, styles)));
}

/** The rows of the first sheet of a one-sheet file built from `rows`. */
function read(rows: string, options: ReadOptions = {}, hints?: ReadHints): unknown[] {
  return rowsOf(scanOds(odsFile(sheet("S", rows)), options, hints));
}

function dtypes(path: string, options: ReadOptions = {}): string[] {
  return collect(scanOds(path, options)).dtypes.map((d) => d.variant as string);
}

const cell = (attributes: string, shown?: string) =>
  `<table:table-cell ${attributes}>${shown === undefined ? "" : `<text:p>${escapeXml(shown)}</text:p>`}</table:table-cell>`;

describe("repeats", () => {
  test("number-rows-repeated and number-columns-repeated expand values; interior empty rows stay", () => {
    const rows = row(text("a") + text("b")) + row(num(1) + num(2, "2"), 2) + row(empty(), 3) + row(empty(2) + num(7));
    expect(read(rows)).toEqual([
      { a: 1, b: 2, column_3: null },
      { a: 1, b: 2, column_3: null },
      { a: null, b: null, column_3: null },
      { a: null, b: null, column_3: null },
      { a: null, b: null, column_3: null },
      { a: null, b: null, column_3: 7 },
    ]);
    expect(
      read(row(`<table:table-cell table:number-columns-repeated="3" office:value-type="float" office:value="5"/>`), {
        has_header: false,
      }),
    ).toEqual([{ column_1: 5, column_2: 5, column_3: 5 }]);
  });

  test("LibreOffice's trailing repeats (a million empty rows of 16384 cells) are never expanded", () => {
    const tail = row(empty(16383), 1_048_570) + row(empty(16384));
    const started = performance.now();
    expect(read(row(text("x") + empty(16383)) + row(num(1) + empty(16383)) + tail)).toEqual([{ x: 1 }]);
    // Expanded, the repeats are 17 billion cells, hours; the margin is for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  test("hostile repeat counts are refused with a DataSourceError, not allocated", () => {
    const a = odsFile(sheet("S", row(empty(), 1e9) + row(num(1))));
    expectDataSourceError(() => scanOds(a, {}), a, "more than", "rows");
    const b = odsFile(sheet("S", row(num(1), "1000000000")));
    expectDataSourceError(() => scanOds(b, {}), b, "rows");
    const c = odsFile(sheet("S", row(empty(1e9) + num(1))));
    expectDataSourceError(() => scanOds(c, {}), c, "past column 16384");
    const d = odsFile(
      sheet(
        "S",
        row(`<table:table-cell table:number-columns-repeated="1e9" office:value-type="float" office:value="1"/>`),
      ),
    );
    expectDataSourceError(() => scanOds(d, {}), d, "past column 16384");
    // 4096 columns of text repeated on 10,000 rows: 40M cells, more than a sheet may expand to.
    const e = odsFile(
      sheet(
        "S",
        row(
          `<table:table-cell table:number-columns-repeated="4096" office:value-type="string"><text:p>x</text:p></table:table-cell>`,
          10_000,
        ),
      ),
    );
    expectDataSourceError(() => scanOds(e, { has_header: false }), e, "10000 rows x 4096 columns", "33554432 cells");
  });

  test("a preview of a hostile repeat reads only the rows it asks for", () => {
    const path = odsFile(sheet("S", row(num(1), "1000000000")));
    expect(rowsOf(scanOds(path, { has_header: false }, { maxRows: 3 }))).toEqual([
      { column_1: 1 },
      { column_1: 1 },
      { column_1: 1 },
    ]);
  });

  test("invalid repeat counts count as 1", () => {
    expect(read(row(num(1), "-5") + row(num(2), "abc") + row(num(3), "0"), { has_header: false })).toEqual([
      { column_1: 1 },
      { column_1: 2 },
      { column_1: 3 },
    ]);
  });
});

describe("text", () => {
  test("text:s, text:tab, text:line-break, spans, links; whitespace in character data collapses", () => {
    const markup = [
      "a<text:s/>b",
      'c<text:s text:c="3"/>d',
      "e<text:tab/>f<text:line-break/>g",
      '<text:span text:style-name="T1">bold</text:span> <text:a xlink:href="http://x">link</text:a>',
      "  lead and\n\t  inner  ",
    ];
    const rows = markup.map((m) => row(rawText(m))).join("");
    expect(read(rows, { has_header: false })).toEqual([
      { column_1: "a b" },
      { column_1: "c   d" },
      { column_1: "e\tf\ng" },
      { column_1: "bold link" },
      { column_1: " lead and inner " },
    ]);
  });

  test("a hostile text:c is capped at 32767 spaces", () => {
    const rows = row(rawText('<text:s text:c="1000000000"/>x'));
    const [first] = read(rows, { has_header: false }) as { column_1: string }[];
    expect(first?.column_1).toBe(`${" ".repeat(32_767)}x`);
  });

  test("paragraphs join with a line feed; comments, notes and frames are not part of the text", () => {
    const c =
      '<table:table-cell office:value-type="string"><text:p>one</text:p>' +
      "<office:annotation><text:p>a comment</text:p></office:annotation>" +
      "<text:p>two<draw:frame><draw:text-box><text:p>boxed</text:p></draw:text-box></draw:frame></text:p>" +
      "<text:list><text:list-item><text:p>three</text:p></text:list-item></text:list></table:table-cell>";
    expect(read(row(c), { has_header: false })).toEqual([{ column_1: "one\ntwo\nthree" }]);
  });

  test("covered cells under a merge keep their own content, and an empty covered cell is empty", () => {
    const rows =
      row(
        '<table:table-cell table:number-columns-spanned="3" office:value-type="string"><text:p>merged</text:p></table:table-cell>' +
          '<table:covered-table-cell office:value-type="string"><text:p>hidden</text:p></table:covered-table-cell>' +
          "<table:covered-table-cell/>" +
          text("after"),
      ) +
      row(
        `<table:covered-table-cell office:value-type="float" office:value="4"><text:p>4</text:p></table:covered-table-cell>`,
      );
    expect(read(rows, { has_header: false })).toEqual([
      { column_1: "merged", column_2: "hidden", column_3: null, column_4: "after" },
      { column_1: "4", column_2: null, column_3: null, column_4: null },
    ]);
  });

  test("office:string-value (a formula's string result) is the value; a cell without a type shows its text", () => {
    const rows =
      row(cell('office:value-type="string" office:string-value="stored"', "shown")) + row(cell("", "untyped"));
    expect(read(rows, { has_header: false })).toEqual([{ column_1: "stored" }, { column_1: "untyped" }]);
  });
});

describe("types", () => {
  const cases: [string, string[], string, unknown[]][] = [
    ["whole numbers", [num(1), num(-2), num("3.0")], "Int64", [1, -2, 3]],
    ["numbers", [num(1), num(2.5), num("1E-3")], "Float64", [1, 2.5, 0.001]],
    [
      "percent and currency",
      [
        cell('office:value-type="percentage" office:value="0.25"', "25%"),
        cell('office:value-type="currency" office:currency="EUR" office:value="9.99"', "9,99 €"),
      ],
      "Float64",
      [0.25, 9.99],
    ],
    [
      "booleans",
      [
        cell('office:value-type="boolean" office:boolean-value="true"', "TRUE"),
        cell('office:value-type="boolean" office:boolean-value="false"', "FALSE"),
      ],
      "Bool",
      [true, false],
    ],
    [
      "dates at midnight",
      [
        cell('office:value-type="date" office:date-value="1899-12-30"'),
        cell('office:value-type="date" office:date-value="2024-02-29T00:00:00"'),
      ],
      "Date",
      [new Date(Date.UTC(1899, 11, 30)), new Date(Date.UTC(2024, 1, 29))],
    ],
    [
      "dates with a time",
      [
        cell('office:value-type="date" office:date-value="2024-02-29"'),
        cell('office:value-type="date" office:date-value="2024-03-01T23:59:59.999"'),
      ],
      "Datetime",
      [new Date(Date.UTC(2024, 1, 29)), new Date(Date.UTC(2024, 2, 1, 23, 59, 59, 999))],
    ],
    [
      "times",
      [
        cell('office:value-type="time" office:time-value="PT36H"'),
        cell('office:value-type="time" office:time-value="-PT0.5S"'),
      ],
      "Duration",
      [36 * 3600e6, -500_000],
    ],
    [
      "mixed kinds: each cell's displayed text",
      [num(1, "1.00"), text("x"), cell('office:value-type="boolean" office:boolean-value="true"', "TRUE")],
      "String",
      ["1.00", "x", "TRUE"],
    ],
    [
      "formula errors are empty",
      [num(1), cell('office:value-type="float" office:value="0" calcext:value-type="error"', "#DIV/0!")],
      "Int64",
      [1, null],
    ],
    ["only empty cells", [empty(), cell('office:value-type="void"')], "String", [null, null]],
  ];
  for (const [name, cells, dtype, values] of cases) {
    test(`${name} → ${dtype}`, () => {
      const path = odsFile(
        sheet("S", row(text("h")) + cells.map((c) => row(c)).join("") + row(text("-") + text("end"))),
      );
      // The last row's second column makes the frame two wide and keeps trailing empty cells inside the data.
      const frame = collect(scanOds(path, { infer_schema_length: cells.length }, { maxRows: cells.length }));
      expect(frame.dtypes[0]?.variant as string).toBe(dtype);
      const got = frame.getColumn("h").toArray().slice(0, values.length);
      expect<unknown[]>(got).toEqual(values);
    });
  }

  test("a cell past the inference window that its column cannot hold is an error naming sheet, column and row", () => {
    const rows = row(text("n")) + row(num(1), 3) + row(num(1.5));
    const path = odsFile(sheet("Data", rows));
    expectDataSourceError(
      () => scanOds(path, { infer_schema_length: 2 }),
      path,
      'sheet "Data"',
      'column "n" was typed Int64 from its first 2 rows',
      "sheet row 5",
      'decimal number "1.5"',
      "infer_schema_length",
    );
    expect(dtypes(path, { infer_schema_length: 4 })).toEqual(["Float64"]);
    expect(rowsOf(scanOds(path, { infer_schema_length: 0 }))).toEqual([
      { n: "1" },
      { n: "1" },
      { n: "1" },
      { n: "1.5" },
    ]);
  });

  test("a preview types its columns from the same window as a full read", () => {
    const rows = row(text("n")) + row(num(1), 50) + row(num(2.5));
    const path = odsFile(sheet("S", rows));
    expect(dtypes(path)).toEqual(["Float64"]);
    const preview = collect(scanOds(path, {}, { maxRows: 2 }));
    expect(preview.height).toBe(2);
    expect(preview.dtypes.map((d) => d.variant as string)).toEqual(["Float64"]);
  });
});

describe("headers and options", () => {
  test("empty header cells become column_N; duplicates get _1, _2 without clashing", () => {
    const header = row(
      text("a") + empty() + text("a") + text("a_1") + text("a") + cell('office:value-type="string"', ""),
    );
    const path = odsFile(sheet("S", header + row(num(1) + num(2) + num(3) + num(4) + num(5) + num(6) + num(7))));
    expect(collect(scanOds(path, {})).columns).toEqual(["a", "column_2", "a_2", "a_1", "a_3", "column_6", "column_7"]);
  });

  test("a header-only sheet gives named String columns and no rows; an empty sheet gives nothing", () => {
    const path = odsFile(sheet("Head", row(text("x") + text("y"))) + sheet("Empty", row(empty(5), 100)));
    const head = collect(scanOds(path, {}));
    expect(head.columns).toEqual(["x", "y"]);
    expect(head.height).toBe(0);
    expect(head.dtypes.map((d) => d.variant as string)).toEqual(["String", "String"]);
    expect(collect(scanOds(path, { sheet: "Empty" })).shape).toEqual({ height: 0, width: 0 });
    expect(collect(scanOds(path, { sheet: "Empty", has_header: false })).shape).toEqual({ height: 0, width: 0 });
  });

  test("skip_rows skips sheet rows (empty ones included) before the header", () => {
    const rows = row(text("title")) + row(empty()) + row(text("k")) + row(num(1)) + row(num(2));
    expect(read(rows, { skip_rows: 2 })).toEqual([{ k: 1 }, { k: 2 }]);
    expect(read(rows, { skip_rows: 3, has_header: false })).toEqual([{ column_1: 1 }, { column_1: 2 }]);
    expect(read(rows, { skip_rows: 10 })).toEqual([]);
  });

  test("bad options are DataSourceErrors naming the file", () => {
    const path = odsFile(sheet("S", row(num(1))));
    expectDataSourceError(() => scanOds(path, { skip_rows: -1 }), path, "skip_rows");
    expectDataSourceError(() => scanOds(path, { infer_schema_length: 1.5 }), path, "infer_schema_length");
    expectDataSourceError(() => scanOds(path, { sheet: -1 }), path, "sheet must be a name or a 0-based position");
    expectDataSourceError(() => scanOds(path, { sheet: 0.5 }), path, "sheet must be");
  });

  test("unicode sheet names: listed, chosen by name, and named in the error of an unknown one", () => {
    const names = ["数据 📊", "Ünïcödé & <co>", "שלום"];
    const path = odsFile(names.map((n, i) => sheet(n, row(text("v")) + row(num(i)))).join(""));
    expect(odsSheetNames(path)).toEqual(names);
    expect(rowsOf(scanOds(path, { sheet: "Ünïcödé & <co>" }))).toEqual([{ v: 1 }]);
    expect(rowsOf(scanOds(path, { sheet: 2 }))).toEqual([{ v: 2 }]);
    expectDataSourceError(() => scanOds(path, { sheet: "数据" }), path, 'no sheet named "数据"', '"数据 📊"');
  });

  test("hidden sheets are told by their table style's table:display", () => {
    const styles =
      '<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>' +
      '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>';
    const tables =
      '<table:table table:name="Shown" table:style-name="ta1"/><table:table table:name="Secret" table:style-name="ta2"/>' +
      '<table:table table:name="Plain"/>';
    expect(odsSheets(odsFile(tables, styles))).toEqual([
      { name: "Shown", visible: true },
      { name: "Secret", visible: false },
      { name: "Plain", visible: true },
    ]);
  });

  test("a spreadsheet without tables has no sheets", () => {
    const path = odsFile("");
    expect(odsSheetNames(path)).toEqual([]);
    expectDataSourceError(() => scanOds(path, {}), path, "it has no sheets");
  });
});

describe("reading stops early", () => {
  // Everything after the first sheet is broken XML: reaching it would throw.
  const broken = "<table:table table:name='Late'><table:table-row><oops></table:table>";

  test("once the chosen sheet is done, later (even broken) content is never parsed", () => {
    const path = odsFile(sheet("First", row(text("a")) + row(num(1))) + broken);
    expect(rowsOf(scanOds(path, {}))).toEqual([{ a: 1 }]);
    expectDataSourceError(() => odsSheetNames(path), path, "content.xml is not well-formed XML");
    expectDataSourceError(() => scanOds(path, { sheet: "Late" }), path, "not well-formed XML");
  });

  test("once maxRows rows (and the inference window) are read, the rest of a large sheet is not", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => row(num(i) + text(`row ${i}`))).join("");
    const path = odsFile(`<table:table table:name="Big">${row(text("i") + text("s"))}${rows}${broken}`);
    const preview = rowsOf(scanOds(path, {}, { maxRows: 3 }));
    expect(preview).toEqual([0, 1, 2].map((i) => ({ i, s: `row ${i}` })));
    expectDataSourceError(() => scanOds(path, {}), path, "not well-formed XML");
  });
});
