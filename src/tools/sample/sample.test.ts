import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { sampleTool } from "./index";

type Row = Record<string, unknown>;

const N = 200;
const source: Row[] = Array.from({ length: N }, (_, i) => ({
  id: i,
  名前: i % 7 === 3 ? null : ["Zoë", "日本語", "😀", ""][i % 4],
  v: i % 5 === 0 ? null : i * 1.5,
}));
const input = pl.DataFrame([
  pl.Series(
    "id",
    source.map((r) => r.id),
    pl.Int64,
  ),
  pl.Series(
    "名前",
    source.map((r) => r.名前),
    pl.String,
  ),
  pl.Series(
    "v",
    source.map((r) => r.v),
    pl.Float64,
  ),
]);
const records = rowsOf(input);

function sample(config: Row, frame: pl.DataFrame = input): Row[] {
  return rowsOf(runTool(sampleTool, { input: [frame] }, config).output as pl.DataFrame);
}
const idsOf = (rows: Row[]) => rows.map((r) => r.id as number);

/** A random pick must be rows of the input, each at most once, in input order. */
function expectOrderedSubset(rows: Row[], count: number) {
  expect(rows.length).toBe(count);
  const ids = idsOf(rows);
  for (let i = 1; i < ids.length; i++) expect(ids[i] as number).toBeGreaterThan(ids[i - 1] as number);
  for (const row of rows) expect(row).toEqual(records[row.id as number] as Row);
}

describe("sample: first, last, every_nth", () => {
  for (const n of [1, 7, N, N + 50]) {
    test(`first ${n}`, () => expect(sample({ method: "first", n })).toEqual(records.slice(0, n)));
    test(`last ${n}`, () => expect(sample({ method: "last", n })).toEqual(records.slice(Math.max(0, N - n))));
    test(`every_nth ${n}`, () =>
      expect(sample({ method: "every_nth", n })).toEqual(records.filter((_, i) => i % n === 0)));
  }
});

describe("sample: random", () => {
  test("n rows of the input, in input order, without repeats", () =>
    expectOrderedSubset(sample({ method: "random", n: 20, seed: 1 }), 20));

  test("the same seed picks the same rows; another seed picks others", () => {
    const a = idsOf(sample({ method: "random", n: 20, seed: 42 }));
    expect(idsOf(sample({ method: "random", n: 20, seed: 42 }))).toEqual(a);
    expect(idsOf(sample({ method: "random", n: 20, seed: 43 }))).not.toEqual(a);
    expect(idsOf(sample({ method: "random", n: 20, seed: Number.MAX_SAFE_INTEGER }))).toHaveLength(20);
  });

  test("without a seed, two builds pick differently (a seed is drawn per build)", () => {
    const a = idsOf(sample({ method: "random", n: 20 }));
    const b = idsOf(sample({ method: "random", n: 20 }));
    expect(a).toHaveLength(20);
    expect(b).not.toEqual(a);
  });

  test("one build gives the same rows on every collection", () => {
    const built = sampleTool.build(
      { input: [input.lazy()] },
      sampleTool.config.parse({ method: "random", n: 20 }),
      testContext(),
    );
    const frame = built.output as pl.LazyDataFrame;
    expect(idsOf(rowsOf(frame.collectSync()))).toEqual(idsOf(rowsOf(frame.collectSync())));
  });

  test("n larger than the table gives every row, in input order", () => {
    expect(sample({ method: "random", n: N + 1, seed: 3 })).toEqual(records);
  });

  test("every row has a fair chance (10 rows, 3 picked, 300 seeds)", () => {
    const small = input.head(10);
    const counts = new Array<number>(10).fill(0);
    for (let seed = 0; seed < 300; seed++) {
      for (const id of idsOf(sample({ method: "random", n: 3, seed }, small))) counts[id] = (counts[id] ?? 0) + 1;
    }
    // Expected 90 each (binomial, sd about 8): far tails only would fail.
    for (const c of counts) expect(c).toBeGreaterThan(55);
    for (const c of counts) expect(c).toBeLessThan(125);
  });
});

describe("sample: percent", () => {
  for (const fraction of [0.001, 0.1, 0.29, 0.5, 0.333, 1]) {
    test(`fraction ${fraction} keeps round(${fraction} × ${N}) rows`, () => {
      const rows = sample({ method: "percent", fraction, seed: 9 });
      expectOrderedSubset(rows, Math.floor(N * fraction + 0.5));
    });
  }
  test("the same seed picks the same rows", () => {
    const a = idsOf(sample({ method: "percent", fraction: 0.2, seed: 5 }));
    expect(idsOf(sample({ method: "percent", fraction: 0.2, seed: 5 }))).toEqual(a);
    expect(idsOf(sample({ method: "percent", fraction: 0.2, seed: 6 }))).not.toEqual(a);
  });
});

describe("sample: empty input", () => {
  for (const config of [
    { method: "first", n: 3 },
    { method: "last", n: 3 },
    { method: "every_nth", n: 2 },
    { method: "random", n: 3, seed: 1 },
    { method: "percent", fraction: 0.5 },
  ]) {
    test(config.method, () => {
      const out = runTool(sampleTool, { input: [input.head(0)] }, config).output as pl.DataFrame;
      expect(out.height).toBe(0);
      expect(out.columns).toEqual(input.columns);
      expect(out.dtypes.map(String)).toEqual(input.dtypes.map(String));
    });
  }
});

function expectConfigError(config: unknown, ...fragments: string[]) {
  let error: unknown;
  try {
    const ctx = testContext("smp");
    const parsed = sampleTool.config.safeParse(config);
    if (!parsed.success) throw new ToolConfigError(ctx.toolId, parsed.error.message);
    sampleTool.build({ input: [input.lazy()] }, parsed.data, ctx);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
}

describe("sample: configuration errors", () => {
  for (const method of ["first", "last", "random", "every_nth"]) {
    test(`${method} without n`, () => expectConfigError({ method, fraction: 0.5 }, `"${method}"`, "needs n"));
  }
  test("percent without fraction", () => expectConfigError({ method: "percent", n: 5 }, '"percent"', "needs fraction"));
  test("n = 0", () => expectConfigError({ method: "first", n: 0 }, "n must be at least 1"));
  test("n not whole", () => expectConfigError({ method: "every_nth", n: 2.5 }, "n must be a whole number"));
  test("fraction given as a percentage", () =>
    expectConfigError({ method: "percent", fraction: 50 }, "fraction must be at most 1"));
  test("fraction 0", () => expectConfigError({ method: "percent", fraction: 0 }, "fraction must be above 0"));
  test("negative seed", () => expectConfigError({ method: "random", n: 1, seed: -1 }, "seed"));
  test("unknown method", () => expectConfigError({ method: "middle", n: 1 }, "method"));
  test("a misspelt field", () => expectConfigError({ method: "percent", fration: 0.5 }, "fration"));
});

test("definition: sockets, not blocking, ui", () => {
  expect(sampleTool.type).toBe("sample");
  expect(sampleTool.inputs).toEqual([{ id: "input", required: true, multiple: false }]);
  expect(sampleTool.outputs).toEqual(["output"]);
  expect(sampleTool.blocking).toBe(false);
  expect(sampleTool.label).toBe("Sample");
});
