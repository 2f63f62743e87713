import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../../src/shared/ids";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { describeHub } from "../../helpers/hub-db";
import { connectionsMatrix, type MatrixCaller, type RoleMatrixArea } from "./connections";

const CALLERS: MatrixCaller[] = ["owner", "admin", "auditor", "user", "anonymous"];

function fill(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("{unique}", newId());
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
  return value;
}

async function resolvePath(hub: HubTestApp, area: RoleMatrixArea, path: string): Promise<string> {
  let resolved = path;
  for (const [name, make] of Object.entries(area.placeholders)) {
    if (resolved.includes(`{${name}}`)) resolved = resolved.replaceAll(`{${name}}`, await make(hub));
  }
  return resolved;
}

describeHub(`role matrix: ${connectionsMatrix.area}`, (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });

  for (const row of connectionsMatrix.rows) {
    test(`${row.method} ${row.path}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const path = await resolvePath(hub, connectionsMatrix, row.path);
        const res = await hub.request(caller, row.method, path, fill(row.body));
        got[caller] = res.status;
      }
      expect(got).toEqual(row.expect);
    });
  }
});

test("docs/hub.md mirrors the connections rows of the matrix", () => {
  const doc = readFileSync(join(import.meta.dir, "../../../docs/hub.md"), "utf8");
  for (const row of connectionsMatrix.rows) {
    const cells = CALLERS.map((c) => row.expect[c]).join(" | ");
    expect(doc).toContain(`| \`${row.method} ${row.path}\` | ${cells} |`);
  }
});
