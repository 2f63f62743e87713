import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

const ROWS = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  qty: i % 7 === 0 ? null : i % 11,
  price: ((i * 37) % 100) / 4,
  city: ["Zürich", "Bern", "Genève"][i % 3] as string,
}));

let t: TestApp;
let source: string;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const post = async (path: string, body: unknown): Promise<{ status: number; body: any }> => {
  const res = await t.app.request(`/api/workflow/${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  t = await makeTestApp();
  mkdirSync(join(t.dataDir, "files"));
  source = writeCsv(
    join(t.dataDir, "files", "s.csv"),
    ["id", "qty", "price", "city"],
    ROWS.map((r) => [r.id, r.qty, r.price, r.city]),
  );
});
afterAll(() => t.close());

/*  in ─► calc (total = qty * price, label) ─► keep (expression filter: total > 50 & city != "Bern") */
const flow = (calcExpr: string, filterExpr: string) =>
  workflow(
    "w-expr",
    [
      { id: "in", type: "input", config: { source } },
      {
        id: "calc",
        type: "calculate",
        config: {
          columns: [
            { name: "total", expression: calcExpr },
            {
              name: "label",
              expression: 'pl.concat_str([pl.col("city"), pl.col("id").cast(pl.String)], separator="#")',
            },
          ],
        },
      },
      { id: "keep", type: "filter", config: { mode: "expression", expression: filterExpr } },
    ],
    ["in -> calc", "calc -> keep"],
  );

describe("expressions in workflows", () => {
  test("calculate then an expression filter, computed independently", async () => {
    const { status, body } = await post("tool/execute", {
      tool_id: "keep",
      workflow: flow('pl.col("qty") * pl.col("price")', '(pl.col("total") > 50) & (pl.col("city") != "Bern")'),
      preview_limit: 1000,
    });
    expect(status).toBe(200);
    const withTotal = ROWS.map((r) => ({
      ...r,
      total: r.qty === null ? null : r.qty * r.price,
      label: `${r.city}#${r.id}`,
    }));
    const kept = withTotal.filter((r) => r.total !== null && r.total > 50 && r.city !== "Bern");
    const dropped = withTotal.filter((r) => !(r.total !== null && r.total > 50 && r.city !== "Bern"));
    const asRow = (r: (typeof withTotal)[number]) => [r.id, r.qty, r.price, r.city, r.total, r.label];
    expect(body.outputs["output-true"].data).toEqual(kept.map(asRow));
    expect(body.outputs["output-false"].data).toEqual(dropped.map(asRow));
  });

  test.each([
    ['pl.read_csv("/etc/passwd")', "read_csv"],
    ['pl.col("qty").__class__', "__class__"],
    ['__import__("os").system("touch /tmp/weft-pwned")', "__import__"],
    ['pl.col("qty") ** 1000', "100"],
    ['"a" * 100000', "10000"],
    ["lambda x: x", "lambda"],
  ])(
    "a hostile calculate expression %s is a 400 naming the tool; the Server stays healthy",
    async (expression, named) => {
      const { status, body } = await post("tool/execute", {
        tool_id: "keep",
        workflow: flow(expression, 'pl.col("id") > 0'),
      });
      expect(status).toBe(400);
      expect(body.detail).toContain('Tool "calc"');
      expect(body.detail).toContain(named);
      expect(existsSync("/tmp/weft-pwned")).toBe(false);
      expect((await t.app.request("/api/health/")).status).toBe(200);
    },
  );

  test("an expression filter on an unknown column is a 400 naming the column", async () => {
    const { status, body } = await post("tool/execute", {
      tool_id: "keep",
      workflow: flow('pl.col("qty")', 'pl.col("prize") > 1'),
    });
    expect(status).toBe(400);
    expect(body.detail).toContain('Tool "keep"');
    expect(body.detail).toContain("prize");
  });

  test("a calculate expression Polars cannot compute on the data is a 422 naming the column", async () => {
    const { status, body } = await post("tool/execute", {
      tool_id: "keep",
      workflow: flow('pl.col("city").cast(pl.Int64)', 'pl.col("id") > 0'),
    });
    expect(status).toBe(422);
    // decisions.md: a lazy plan fails in the tool being computed, here the filter downstream.
    expect(body.detail).toContain('Tool "keep"');
    expect(body.detail).toContain("city");
    expect((await t.app.request("/api/health/")).status).toBe(200);
  });

  test("formula: catalogue functions compiled through the same compiler, computed independently", async () => {
    const wf = workflow(
      "w-formula",
      [
        { id: "in", type: "input", config: { source } },
        {
          id: "f",
          type: "formula",
          config: {
            formulas: [
              { output: "big", function: "upper", args: [{ column: "city" }] },
              { output: "qty0", function: "if_null", args: [{ column: "qty" }, { value: 0 }] },
              { output: "tag", function: "concat", args: [{ value: "-" }, { column: "big" }, { column: "qty0" }] },
            ],
          },
        },
      ],
      ["in -> f"],
    );
    const { status, body } = await post("tool/execute", { tool_id: "f", workflow: wf, preview_limit: 1000 });
    expect(status).toBe(200);
    const names = body.outputs.output.columns.map((c: { name: string }) => c.name);
    expect(names).toEqual(["id", "qty", "price", "city", "big", "qty0", "tag"]);
    const expected = ROWS.map((r) => {
      const big = r.city.toUpperCase();
      const qty0 = r.qty ?? 0;
      return [r.id, r.qty, r.price, r.city, big, qty0, `${big}-${qty0}`];
    });
    expect(body.outputs.output.data).toEqual(expected);
  });

  test("formula: an unknown function and a wrong argument type are 400s naming the tool", async () => {
    const run = (formulas: unknown) =>
      post("tool/execute", {
        tool_id: "f",
        workflow: workflow(
          "w-formula-bad",
          [
            { id: "in", type: "input", config: { source } },
            { id: "f", type: "formula", config: { formulas } },
          ],
          ["in -> f"],
        ),
      });
    const unknown = await run([{ output: "x", function: "eval", args: [{ value: "1" }] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain("eval");
    const wrongType = await run([{ output: "x", function: "upper", args: [{ column: "price" }] }]);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.detail).toContain('"f"');
  });

  test("the formula tool's schema carries the typed catalogue", async () => {
    const res = await t.app.request("/api/workflow/tool/formula/schema", { headers: bearer(t.token) });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("x-weft-catalogue");
    expect(text).toContain('"days_between"');
  });
});
