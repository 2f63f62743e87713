import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { excel95Bytes, MAC_EXCEL, OLD_EXCEL_SHEET } from "../../src/formats/excel/excel95.fixture";
import { workbookBytes } from "../../src/formats/excel/workbooks.fixture";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * Old .xls files through the API: an Excel 95 (BIFF5) file as Excel saves it (it was refused
 * with "FI[i].L") and an Excel 4.0 (BIFF4) file, a bare BIFF stream without an OLE container.
 */

let t: TestApp;
let files: string;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const post = async (path: string, body: unknown): Promise<{ status: number; body: any }> => {
  const res = await t.app.request(`/api${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "weft-xls-versions-"));
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: files } });
});
afterAll(async () => {
  await t.close();
  rmSync(files, { recursive: true, force: true });
});

describe("old .xls files through inspect, preview and the Input tool", () => {
  const columns = [
    { name: "id", dtype: "Int64" },
    { name: "price", dtype: "Float64" },
    { name: "paid", dtype: "Boolean" },
    { name: "ordered", dtype: "Datetime(ms)" },
    { name: "code", dtype: "String" },
  ];
  // 1904 dates: serial 36526 is 2004-01-02.
  const data = [
    [1, 19.5, true, "2004-01-02T00:00:00.000", "00123"],
    [2, 7, false, "2004-01-03T06:00:00.000", "00456"],
  ];
  // A BIFF2-4 file holds one sheet and no sheet name.
  const cases: [string, () => Buffer, string][] = [
    ["excel-95.xls", () => excel95Bytes([OLD_EXCEL_SHEET], MAC_EXCEL), OLD_EXCEL_SHEET.name],
    ["excel-4.xls", () => workbookBytes([OLD_EXCEL_SHEET], "biff4", true), "Sheet1"],
  ];
  for (const [name, bytes, sheet] of cases) {
    test(name, async () => {
      const source = join(files, name);
      writeFileSync(source, bytes());
      const inspect = await post("/datasource/inspect", { source });
      const preview = await post("/datasource/preview", { source });
      const tool = await post("/workflow/tool/execute", {
        tool_id: "in",
        workflow: workflow("w-xls", [{ id: "in", type: "input", config: { source } }]),
      });
      const where = JSON.stringify([inspect.body.detail, preview.body.detail, tool.body.detail]);
      expect([inspect.status, preview.status, tool.status], where).toEqual([200, 200, 200]);
      expect(inspect.body.source_type).toBe("excel");
      expect(inspect.body.sheets).toEqual([sheet]);
      expect(inspect.body.data_schema).toEqual({ columns, total_rows: 2 });
      expect(preview.body.dtypes).toEqual(columns.map((c) => c.dtype));
      expect(preview.body.data).toEqual(data);
      expect(tool.body.outputs.output.columns).toEqual(columns);
      expect(tool.body.outputs.output.data).toEqual(data);
    });
  }
});
