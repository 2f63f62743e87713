import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

/*
 * Issue 14, item 3: text that expressions grow past MAX_EXPR_STRING_LENGTH. Each attack below
 * made 100 MB or more a row before; now it is refused (400 when literals decide, 422 when the
 * data does, before the text is built) and the Server answers the next request.
 */

describe("an expression cannot grow text without bound", () => {
  let t: TestApp;
  let source: string;

  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1" } });
    mkdirSync(join(t.dataDir, "files"));
    // Three rows, the longest 10,000 characters.
    source = writeCsv(join(t.dataDir, "files", "t.csv"), ["s"], [["ab"], ["x".repeat(10_000)], ["c"]]);
  });
  afterAll(() => t.close());

  const calculate = (expression: string) =>
    callApi(t, "POST", "/workflow/tool/execute", {
      tool_id: "calc",
      workflow: workflow(
        "w-growth",
        [
          { id: "in", type: "input", config: { source } },
          { id: "calc", type: "calculate", config: { columns: [{ name: "r", expression }] } },
        ],
        ["in -> calc"],
      ),
    });

  test.each([
    // The attack: 100,000,000 characters a row, from literals alone.
    ['pl.lit("x"*10000).str.replace_all("x", "y"*10000, literal=True)', 400, "100,010,000"],
    // The same through the data: the bound is computed per row before the replace runs.
    ['pl.col("s").str.replace_all("x", "y"*10000, literal=True)', 422, "100,010,000"],
    // A pattern that matches the empty string: between every two characters.
    ['pl.col("s").str.replace_all("", "y"*10000)', 422, "100,020,000"],
    // $0 copies each match again: 1,000 copies of the whole text (and 2,000 characters a match).
    ['pl.col("s").str.replace_all("x+", "$0"*1000)', 422, "30,012,000"],
    // A chain: each replace under the limit, the second multiplies past it.
    [
      'pl.col("s").str.replace_all("x", "yy", literal=True).str.replace_all("y", "z"*100, literal=True)',
      422,
      "2,020,000",
    ],
    // Joining two results under the limit: their measured lengths, 600,000 each.
    [
      'pl.concat_str(pl.col("s").str.replace_all("x", "y"*60), pl.col("s").str.replace_all("x", "y"*60))',
      422,
      "1,200,000",
    ],
    [
      'pl.format("{}{}", pl.col("s").str.replace_all("x", "y"*60), pl.col("s").str.replace_all("x", "y"*60))',
      422,
      "1,200,004",
    ],
    ['pl.col("s").str.split("").list.join("y"*200)', 422, "2,010,000"],
    // The column in one value: 990,003 characters and 3 delimiters of 10,000.
    ['pl.col("s").str.replace_all("x", "y"*99).str.join("y"*10000)', 422, "1,020,003"],
  ])("%s is refused naming MAX_EXPR_STRING_LENGTH; the Server stays healthy", async (expression, status, asked) => {
    const { status: got, body } = await calculate(expression);
    expect(got).toBe(status);
    expect(body.detail).toContain('Tool "calc"');
    expect(body.detail).toContain(
      `Text would grow to ${asked} characters, over the limit of 1,000,000 (setting MAX_EXPR_STRING_LENGTH)`,
    );
    expect((await t.app.request("/api/health/")).status).toBe(200);
  });

  test("growth within the limit is computed", async () => {
    const { status, body } = await calculate('pl.col("s").str.replace_all("x", "y"*99, literal=True)');
    expect(status).toBe(200);
    // 990,000 characters computed; the preview shows them cut (MAX_PREVIEW_VALUE_CHARS).
    const cut = `${"y".repeat(10_000)}…[cut: 990,000 characters]`;
    expect(body.outputs.output.data.map((row: string[]) => row.at(-1))).toEqual(["ab", cut, "c"]);
  });
});
