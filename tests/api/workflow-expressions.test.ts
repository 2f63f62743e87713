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
});
