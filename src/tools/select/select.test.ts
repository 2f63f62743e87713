import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { selectTool } from "./index";

type Row = Record<string, unknown>;

const N = 40;
const NAMES = ["Zoë", "日本語", "😀", "", "plain", "Ωmega"];
const DAYS = ["2024-02-29", "1999-12-31", "2024-01-01"];

/** Input rows written out in plain TypeScript, so expected outputs are computed from them. */
const source: Row[] = Array.from({ length: N }, (_, i) => ({
  id: i,
  数量: i % 7 === 3 ? null : String(((i * 37) % 101) - 50),
  price: i % 5 === 0 ? null : ((i * 13) % 40) / 4,
  name: i % 6 === 1 ? null : NAMES[i % NAMES.length],
  day: i % 4 === 2 ? null : DAYS[i % DAYS.length],
  flag: i % 3 === 0 ? null : i % 2 === 0,
}));

const input = pl.DataFrame([
  pl.Series(
    "id",
    source.map((r) => r.id),
    pl.Int64,
  ),
  pl.Series(
    "数量",
    source.map((r) => r.数量),
    pl.String,
  ),
  pl.Series(
    "price",
    source.map((r) => r.price),
    pl.Float64,
  ),
  pl.Series(
    "name",
    source.map((r) => r.name),
    pl.String,
  ),
  pl.Series(
    "day",
    source.map((r) => r.day),
    pl.String,
  ),
  pl.Series(
    "flag",
    source.map((r) => r.flag),
    pl.Bool,
  ),
]);

function output(config: unknown, frame: pl.DataFrame = input): pl.DataFrame {
  return runTool(selectTool, { input: [frame] }, config).output as pl.DataFrame;
}

describe("select", () => {
  test("keeps the listed columns in the listed order, renamed, and drops the unselected", () => {
    const out = output({
      columns: [
        { name: "name", rename: "名前" },
        { name: "id" },
        { name: "price", selected: false },
        { name: "day", rename: "" },
      ],
    });
    expect(out.columns).toEqual(["名前", "id", "day"]);
    expect(rowsOf(out)).toEqual(source.map((r) => ({ 名前: r.name, id: r.id, day: r.day })));
  });

  test("keep_others appends the columns not listed, in their input order", () => {
    const out = output({
      columns: [{ name: "price" }, { name: "flag", selected: false }, { name: "id", rename: "key" }],
      keep_others: true,
    });
    expect(out.columns).toEqual(["price", "key", "数量", "name", "day"]);
    expect(rowsOf(out)).toEqual(
      source.map((r) => ({ price: r.price, key: r.id, 数量: r.数量, name: r.name, day: r.day })),
    );
  });

  test("casts with dtype names; nulls stay null", () => {
    const out = output({
      columns: [
        { name: "数量", dtype: "Int64" },
        { name: "id", dtype: "String" },
        { name: "day", dtype: "Date", rename: "date" },
        { name: "flag", dtype: "Int8" },
        { name: "price", dtype: "Float64" },
        { name: "name", dtype: null },
      ],
    });
    expect(out.dtypes.map(String)).toEqual(
      ["Int64", "String", "Date", "Int8", "Float64", "String"].map((t) => `DataType(${t})`),
    );
    expect(rowsOf(out)).toEqual(
      source.map((r) => ({
        数量: r.数量 === null ? null : Number.parseInt(r.数量 as string, 10),
        id: String(r.id),
        date: r.day === null ? null : new Date(`${r.day}T00:00:00Z`),
        flag: r.flag === null ? null : r.flag ? 1 : 0,
        price: r.price,
        name: r.name,
      })),
    );
  });

  test("a value that does not convert fails the collection with Polars' message naming the column and value", () => {
    const bad = pl.DataFrame([pl.Series("qty", ["1", null, "abc"], pl.String)]);
    const ctx = testContext();
    const built = selectTool.build(
      { input: [bad.lazy()] },
      selectTool.config.parse({ columns: [{ name: "qty", dtype: "Int64" }] }),
      ctx,
    );
    // The plan builds (the data is not read yet); the failure shows when it is collected.
    expect(() => built.output?.collectSync()).toThrow(/qty.*abc/s);
  });

  test("an empty input keeps the output schema, casts included", () => {
    const out = output({ columns: [{ name: "数量", dtype: "Int32", rename: "n" }, { name: "name" }] }, input.head(0));
    expect(out.height).toBe(0);
    expect(out.columns).toEqual(["n", "name"]);
    expect(out.dtypes.map(String)).toEqual(["DataType(Int32)", "DataType(String)"]);
  });

  test("definition: sockets, not blocking, ui", () => {
    expect(selectTool.type).toBe("select");
    expect(selectTool.inputs).toEqual([{ id: "input", required: true, multiple: false }]);
    expect(selectTool.outputs).toEqual(["output"]);
    expect(selectTool.blocking).toBe(false);
    expect(selectTool.group).toBe("Preparation");
  });
});

function expectConfigError(config: unknown, ...fragments: string[]) {
  let error: unknown;
  try {
    const ctx = testContext("sel");
    const parsed = selectTool.config.safeParse(config);
    if (!parsed.success) throw new ToolConfigError(ctx.toolId, parsed.error.message);
    selectTool.build({ input: [input.lazy()] }, parsed.data, ctx);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
}

describe("select: configuration errors at build time", () => {
  test("unknown column, with the columns listed", () =>
    expectConfigError({ columns: [{ name: "prize" }] }, '"prize"', "id, 数量, price, name, day, flag"));
  test("an unknown column that is unselected is still unknown", () =>
    expectConfigError({ columns: [{ name: "id" }, { name: "gone", selected: false }] }, '"gone"'));
  test("a column listed twice", () =>
    expectConfigError({ columns: [{ name: "id" }, { name: "id", rename: "id2" }] }, '"id"', "twice"));
  test("two columns renamed to one name", () =>
    expectConfigError(
      {
        columns: [
          { name: "id", rename: "x" },
          { name: "name", rename: "x" },
        ],
      },
      '"x"',
      '"id"',
      '"name"',
    ));
  test("a rename that clashes with a column kept by keep_others", () =>
    expectConfigError({ columns: [{ name: "id", rename: "price" }], keep_others: true }, '"price"', "twice"));
  test("an unknown dtype names the column and the type", () =>
    expectConfigError({ columns: [{ name: "数量", dtype: "Int65" }] }, '"数量"', '"Int65"'));
  test("nothing selected", () => expectConfigError({ columns: [{ name: "id", selected: false }] }, "no column"));
  test("a misspelt field", () => expectConfigError({ columns: [{ name: "id", renam: "x" }] }, "renam"));
  test("a misspelt top-level field", () => expectConfigError({ columns: [], keep_other: true }, "keep_other"));
});

test("renaming to a dropped column's name is allowed", () => {
  const out = output({
    columns: [
      { name: "name", selected: false },
      { name: "id", rename: "name" },
    ],
  });
  expect(out.columns).toEqual(["name"]);
  expect(rowsOf(out).map((r) => r.name)).toEqual(source.map((r) => r.id));
});
