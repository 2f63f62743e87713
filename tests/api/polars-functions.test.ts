import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { acceptedFunctions } from "../../src/expr";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const get = async (path: string, init?: RequestInit): Promise<any> => {
  const res = await t.app.request(path, {
    ...init,
    headers: { ...bearer(t.token), "content-type": "application/json", ...init?.headers },
  });
  expect(res.status).toBe(200);
  return res.json();
};

test("/api/polars/functions lists exactly what the expression checker accepts", async () => {
  const body = await get("/api/polars/functions");
  const accepted = acceptedFunctions();
  expect(body.table_level).toEqual(accepted.table_level);
  expect(body.column_methods).toEqual(accepted.column_methods);
  expect(body.polars_version).toMatch(/^\d+\.\d+\.\d+/);
  expect(body.table_level).toContain("col");
  expect(body.column_methods.string).toContain("to_uppercase");
  expect(body.column_methods.datetime).toContain("year");
  for (const refused of ["read_csv", "scan_parquet", "sql_expr", "map_elements", "__class__"]) {
    expect([...body.table_level, ...body.column_methods.all]).not.toContain(refused);
  }
});

test("refresh answers ok, and the lists stay the same for the same nodejs-polars", async () => {
  const before = await get("/api/polars/functions");
  const refreshed = await get("/api/polars/functions/refresh", { method: "POST" });
  expect(refreshed.status).toBe("ok");
  expect(refreshed.message).toContain(before.polars_version);
  expect(await get("/api/polars/functions")).toEqual(before);
});

test("/workflow/tool/metadata answers the same function lists with the tool's input columns", async () => {
  mkdirSync(join(t.dataDir, "files"), { recursive: true });
  const source = writeCsv(join(t.dataDir, "files", "m.csv"), ["city", "pop"], [["Zürich", 1]]);
  const w = workflow(
    "w-meta",
    [
      { id: "in", type: "input", config: { source } },
      { id: "f", type: "filter", config: { mode: "expression", expression: 'pl.col("pop") > 0' } },
    ],
    ["in -> f"],
  );
  const body = await get("/api/workflow/tool/metadata", {
    method: "POST",
    body: JSON.stringify({ tool_id: "f", workflow: w }),
  });
  expect(body.columns).toEqual(["city", "pop"]);
  expect(body.functions).toEqual(acceptedFunctions());
});
