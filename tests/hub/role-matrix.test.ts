import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HUB_PREFIX, type HubTestApp, makeHubTestApp } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { MATRIX_AREAS } from "./role-matrix/areas";
import { docsDifferences, matrixMarkdown } from "./role-matrix/docs-table";
import { fillRow } from "./role-matrix/fill";
import { distinctRoutes, fullCoverage, type HubRoute, matrixCoverage } from "./role-matrix/route-coverage";
import { CALLERS, type MatrixCaller, type RoleMatrixArea, statuses } from "./role-matrix/types";

/**
 * The Hub's role matrix (issue 16): every row of every area (tests/hub/role-matrix/*.ts)
 * called as owner, admin, auditor, user and anonymous, each by a fresh account of its own,
 * on both dialects; every route the Hub registers has rows, and docs/hub.md holds them all.
 */

/**
 * The status `path` answers, its body cancelled unread: `GET /executions/stream` is a stream
 * that never ends, and no row's status depends on reading its body.
 */
async function statusOf(
  hub: HubTestApp,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown },
) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await hub.app.request(`${HUB_PREFIX}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
}

/** The routes the Hub app registers, relative to /api/v1. */
function hubRoutes(hub: HubTestApp): HubRoute[] {
  const entries = hub.app.routes
    .filter((r) => r.path.startsWith(`${HUB_PREFIX}/`))
    .map((r) => ({ method: r.method, path: r.path.slice(HUB_PREFIX.length) }));
  return distinctRoutes(entries);
}

describeHub("role matrix", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    // The matrix logs in many times from one address: the throttle is not what it tests.
    hub = await makeHubTestApp(suite.ctx(), { config: { loginMaxAttempts: 1000, loginMaxAttemptsPerIp: 1000 } });
  });

  for (const area of MATRIX_AREAS) {
    describe(area.heading, () => {
      for (const row of area.rows) {
        const name = `${row.method} ${row.path}${row.note ? ` (${row.note})` : ""}`;
        test(`${name}: ${CALLERS.map((c) => row.expect[c]).join(" ")}`, async () => {
          const got = {} as Record<MatrixCaller, number>;
          for (const caller of CALLERS) {
            const { path, body, token } = await fillRow(hub, area, row, caller);
            got[caller] = await statusOf(hub, row.method, path, { token, body });
          }
          expect(got).toEqual(row.expect);
        });
      }
    });
  }

  test("every route the Hub registers has rows in exactly one area, and every row reaches one route", () => {
    const routes = hubRoutes(hub);
    expect(routes.length).toBeGreaterThan(50);
    expect(matrixCoverage(MATRIX_AREAS, routes)).toEqual(fullCoverage());
  });
});

test("docs/hub.md holds exactly the rows of every area of the matrix", () => {
  const docs = readFileSync(join(import.meta.dir, "..", "..", "docs", "hub.md"), "utf8");
  expect(docsDifferences(docs, MATRIX_AREAS)).toEqual([]);
});

describe("the matrix's own checks fail, naming what differs", () => {
  const area = (heading: string, rows: RoleMatrixArea["rows"]): RoleMatrixArea => ({ heading, placeholders: {}, rows });
  const ok = statuses([200, 200, 200, 200, 401]);
  const routes: HubRoute[] = [
    { method: "GET", path: "/things" },
    { method: "GET", path: "/things/:id" },
    { method: "POST", path: "/things/test" },
    { method: "POST", path: "/things/:id" },
    { method: "GET", path: "/things/:id/parts/:n" },
    { method: "DELETE", path: "/things/:id" },
  ];

  test("a route without rows, a row without a route, an absent row that exists, two areas, a repeat", () => {
    const things = area("Things", [
      { method: "GET", path: "/things", expect: ok },
      { method: "GET", path: "/things?name=a", note: "filtered", expect: ok },
      { method: "GET", path: "/things/{thing}", expect: ok },
      { method: "GET", path: "/things/{thing}", expect: ok },
      { method: "POST", path: "/things/test", expect: ok },
      { method: "POST", path: "/things/{thing}", expect: ok },
      { method: "GET", path: "/things/{thing}/parts/1", expect: ok },
      { method: "PUT", path: "/things/{thing}", expect: ok },
      { method: "POST", path: "/things/{thing}", note: "absent", absent: true, expect: ok },
    ]);
    const others = area("Others", [{ method: "GET", path: "/things/{other}", expect: ok }]);
    expect(matrixCoverage([things, others], routes)).toEqual({
      routesWithoutRows: ["DELETE /things/:id"],
      rowsWithoutRoute: ["Things: PUT /things/{thing}"],
      absentRowsThatExist: ["Things: POST /things/{thing} (absent) reaches POST /things/{}"],
      ambiguousRows: [],
      routesInSeveralAreas: ["GET /things/{} in Things and Others"],
      repeatedRows: ["Things: GET /things/{thing}"],
    });
  });

  test("a docs table that lacks a row, has one more, or sits under no area", () => {
    const things = area("Things", [
      { method: "GET", path: "/things", expect: ok },
      { method: "DELETE", path: "/things/{thing}", expect: statuses([204, 204, 403, 403, 401]) },
    ]);
    const table = matrixMarkdown(things.rows);
    expect(docsDifferences(`## Things\n\n### Role matrix\n\n${table}\n`, [things])).toEqual([]);
    const changed = table.replace("| 204 | 204 | 403 |", "| 204 | 204 | 204 |");
    expect(
      docsDifferences(`## Things\n\n### Role matrix\n\n${changed}\n\n## Stale\n\n### Role matrix\n\n${table}`, [
        things,
      ]),
    ).toEqual([
      "Things: missing | `DELETE /things/{thing}` | 204 | 204 | 403 | 403 | 401 |",
      "Things: not in the matrix | `DELETE /things/{thing}` | 204 | 204 | 204 | 403 | 401 |",
      "Stale: a role matrix of no area (| `GET /things` | 200 | 200 | 200 | 200 | 401 |)",
    ]);
    expect(docsDifferences("## Things\n\nno table", [things])[0]).toBe(
      'Things: no "### Role matrix" table under "## Things"',
    );
  });
});
