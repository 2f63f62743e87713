import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../../src/shared/ids";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { describeHub } from "../../helpers/hub-db";
import { schedulesMatrix } from "./schedules";
import type { MatrixCaller, RoleMatrixArea } from "./workflows";

const CALLERS: MatrixCaller[] = ["owner", "admin", "auditor", "user", "anonymous"];
const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` with `{unique}` and each placeholder made fresh for this request. */
async function fillText(hub: HubTestApp, area: RoleMatrixArea, caller: MatrixCaller, text: string): Promise<string> {
  let filled = text;
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    const make = name === "unique" ? async () => newId() : area.placeholders[name as string];
    if (make) filled = filled.replace(`{${name}}`, await make(hub, caller));
  }
  return filled;
}

async function fill(hub: HubTestApp, area: RoleMatrixArea, caller: MatrixCaller, value: unknown): Promise<unknown> {
  if (typeof value === "string") return fillText(hub, area, caller, value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => fill(hub, area, caller, v)));
  if (value && typeof value === "object") {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await fill(hub, area, caller, v)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

describeHub(`role matrix: ${schedulesMatrix.area}`, (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });

  for (const row of schedulesMatrix.rows) {
    test(`${row.method} ${row.path}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const path = await fillText(hub, schedulesMatrix, caller, row.path);
        const res = await hub.request(caller, row.method, path, await fill(hub, schedulesMatrix, caller, row.body));
        got[caller] = res.status;
      }
      expect(got).toEqual(row.expect);
    });
  }
});

test("docs/hub.md mirrors the schedules rows of the matrix", () => {
  const doc = readFileSync(join(import.meta.dir, "../../../docs/hub.md"), "utf8");
  for (const row of schedulesMatrix.rows) {
    const cells = CALLERS.map((c) => row.expect[c]).join(" | ");
    expect(doc).toContain(`| \`${row.method} ${row.path}\` | ${cells} |`);
  }
});
