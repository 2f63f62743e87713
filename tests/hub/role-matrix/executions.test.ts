import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../../src/shared/ids";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { describeHub } from "../../helpers/hub-db";
import { manualEvery } from "../../helpers/sse";
import { executionsMatrix as area } from "./executions";
import type { MatrixCaller } from "./workflows";

const CALLERS: MatrixCaller[] = ["owner", "admin", "auditor", "user", "anonymous"];
const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` with each placeholder made fresh for this request, in the order they appear. */
async function fillText(hub: HubTestApp, caller: MatrixCaller, text: string): Promise<string> {
  let filled = text;
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    const make = name === "unique" ? async () => newId() : area.placeholders[name as string];
    if (make) filled = filled.replace(`{${name}}`, await make(hub, caller));
  }
  return filled;
}

describeHub(`role matrix: ${area.area}`, (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { executions: { every: manualEvery().every } });
  });

  for (const row of area.rows) {
    test(`${row.method} ${row.path}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const path = await fillText(hub, caller, row.path);
        const body =
          row.body === undefined ? undefined : JSON.parse(await fillText(hub, caller, JSON.stringify(row.body)));
        const res = await hub.request(caller, row.method, path, body);
        got[caller] = res.status;
        // The stream never ends on its own: the status is all this test reads.
        await res.body?.cancel();
      }
      expect(got).toEqual(row.expect);
    });
  }
});

test("docs/hub.md mirrors the executions rows of the matrix", () => {
  const doc = readFileSync(join(import.meta.dir, "../../../docs/hub.md"), "utf8");
  for (const row of area.rows) {
    const cells = CALLERS.map((c) => row.expect[c]).join(" | ");
    expect(doc).toContain(`| \`${row.method} ${row.path}\` | ${cells} |`);
  }
});
