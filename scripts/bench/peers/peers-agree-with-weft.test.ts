/**
 * The peers compute what Weft's tools compute, by construction: P1 and P3 run through Weft's
 * own tools (configs from scenarios.ts) and through the DuckDB and Arquero peers (each in its
 * child process, as the bench runs them) on 5,000 seeded rows, and the answers must agree.
 * pandas is checked where Debian's pandas is installed (a unit test does not apt-get install
 * it; check.ts does), and reported as skipped elsewhere.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { calculateTool } from "../../../src/tools/calculate";
import { filterTool } from "../../../src/tools/filter";
import { joinTool } from "../../../src/tools/join";
import { pivotTool } from "../../../src/tools/pivot";
import { sortTool } from "../../../src/tools/sort";
import { summarizeTool } from "../../../src/tools/summarize";
import { unionTool } from "../../../src/tools/union";
import { runTool } from "../../../tests/helpers/tool-harness";
import { benchData } from "../suite/data";
import type { Answer, BenchData } from "../suite/types";
import { answerDifference, answerOf, TOP_ROWS } from "./answers";
import * as arquero from "./arquero";
import * as duckdb from "./duckdb";
import { pandasPeer } from "./pandas";
import { DEBIAN_PYTHON, runCommand } from "./pandas-setup";
import { P3_EXPRESSIONS, p3Columns, WEFT_CONFIGS } from "./scenarios";

const hasPandas = Bun.spawnSync([DEBIAN_PYTHON, "-c", "import pandas"]).exitCode === 0;
// isRoot false: should pandas vanish between the probe above and the test, it is not installed.
const pandas = pandasPeer({ run: runCommand, log: () => {}, isRoot: false });

let dir: string;
let data: BenchData;
const previous = process.env.WEFT_BENCH_DATA;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "weft-peers-"));
  process.env.WEFT_BENCH_DATA = dir;
  data = await benchData(5_000, { customers: 300 });
});
afterAll(() => {
  if (previous === undefined) delete process.env.WEFT_BENCH_DATA;
  else process.env.WEFT_BENCH_DATA = previous;
  rmSync(dir, { recursive: true, force: true });
});

function answerOfFrame(frame: pl.DataFrame): Answer {
  return answerOf(frame.height, frame.head(TOP_ROWS).rows() as unknown[][]);
}

function weftP1(): Answer {
  const sales = pl.readCSV(data.salesCsv);
  const customers = pl.readCSV(data.customersCsv);
  const big = runTool(filterTool, { input: [sales] }, WEFT_CONFIGS.filter)["output-true"] as pl.DataFrame;
  const joined = runTool(joinTool, { "input-left": [big], "input-right": [customers] }, WEFT_CONFIGS.join)[
    "output-match"
  ] as pl.DataFrame;
  const summed = runTool(summarizeTool, { input: [joined] }, WEFT_CONFIGS.summarize).output as pl.DataFrame;
  return answerOfFrame(runTool(sortTool, { input: [summed] }, WEFT_CONFIGS.sort).output as pl.DataFrame);
}

function weftP3(): pl.DataFrame {
  const read = () => pl.readCSV(data.salesCsv);
  const unioned = runTool(unionTool, { input: [read(), read(), read()] }, WEFT_CONFIGS.union).output as pl.DataFrame;
  const calculated = runTool(calculateTool, { input: [unioned] }, { columns: P3_EXPRESSIONS }).output as pl.DataFrame;
  return runTool(pivotTool, { input: [calculated] }, WEFT_CONFIGS.pivot).output as pl.DataFrame;
}

describe("the peers agree with Weft's tools", () => {
  test("P1: 32 groups in the same order with the same sums, counts and means", async () => {
    const weft = weftP1();
    expect(weft.rows).toBe(32);
    for (const peer of [duckdb, arquero]) {
      const { answer } = await peer.p1(data, dir);
      expect(answerDifference(weft, answer)).toBeUndefined();
    }
  });

  test("P2: DuckDB from Parquet agrees with Weft from CSV", async () => {
    const { answer } = await duckdb.p2(data, dir);
    expect(answerDifference(weftP1(), answer)).toBeUndefined();
  });

  test("P3: 48 labels × (qty, note_len) per region, the same columns and values", async () => {
    const frame = weftP3();
    expect(frame.columns).toEqual(p3Columns(["North", "South", "East", "West", "Central"]));
    const weft = answerOfFrame(frame);
    expect(weft.rows).toBe(48);
    expect(weft.top[0]?.[0]).toBe("CON-");
    for (const peer of [duckdb, arquero]) {
      const { answer } = await peer.p3(data, dir);
      expect(answerDifference(weft, answer)).toBeUndefined();
    }
  });
});

test.skipIf(!hasPandas)("P1 and P3: pandas agrees with Weft's tools", async () => {
  expect(answerDifference(weftP1(), (await pandas.p1(data, dir)).answer)).toBeUndefined();
  expect(answerDifference(answerOfFrame(weftP3()), (await pandas.p3(data, dir)).answer)).toBeUndefined();
});
