import type { RoleMatrixArea } from "./types";

/** A route the Hub registers: method and path template (`/users/:id` or `/users/{id}`). */
export interface HubRoute {
  method: string;
  path: string;
}

/** `:id` and `{id}` both become `{}`: what a route's template says regardless of names. */
export function routeKey(route: HubRoute): string {
  const path = route.path
    .split("/")
    .map((s) => (s.startsWith(":") || /^\{\w+\}$/.test(s) ? "{}" : s))
    .join("/");
  return `${route.method.toUpperCase()} ${path}`;
}

/**
 * The distinct routes of a Hono app's `routes` (each handler and middleware of a route is an
 * entry of its own); `app.use` middleware (method ALL on a `*` path) is not a route.
 */
export function distinctRoutes(entries: readonly HubRoute[]): HubRoute[] {
  const seen = new Map<string, HubRoute>();
  for (const r of entries) {
    if (r.method === "ALL" && r.path.endsWith("*")) continue;
    const key = routeKey(r);
    if (!seen.has(key)) seen.set(key, { method: r.method.toUpperCase(), path: r.path });
  }
  return [...seen.values()];
}

/**
 * The route a row's method and path reach: segments match one by one, a template's parameter
 * takes any segment (a `{name}` placeholder or a literal such as `1`), a row's `{name}` only a
 * parameter. Of several matches the one with most literal segments wins, as `/connections/test`
 * beats `/connections/{id}`; a tie answers both (the check reports it).
 */
export function routesOfRow(method: string, rowPath: string, routes: readonly HubRoute[]): HubRoute[] {
  const segments = rowPath.split("?")[0]?.split("/") ?? [];
  let best: HubRoute[] = [];
  let bestScore = -1;
  for (const route of routes) {
    if (route.method.toUpperCase() !== method.toUpperCase()) continue;
    const template = routeKey(route).split(" ")[1]?.split("/") ?? [];
    if (template.length !== segments.length) continue;
    let score = 0;
    const matches = template.every((t, i) => {
      const s = segments[i] as string;
      if (t === "{}") return true;
      if (t === s) score++;
      return t === s;
    });
    if (!matches) continue;
    if (score > bestScore) [best, bestScore] = [[route], score];
    else if (score === bestScore) best.push(route);
  }
  return best;
}

/** What keeps the matrix from being exactly the Hub's routes; every list empty when it is. */
export interface CoverageReport {
  /** Registered routes no row calls. */
  routesWithoutRows: string[];
  /** Rows that name no registered route (and do not say `absent`). */
  rowsWithoutRoute: string[];
  /** Rows marked `absent` whose route exists. */
  absentRowsThatExist: string[];
  /** Rows that reach two routes equally well. */
  ambiguousRows: string[];
  /** Routes whose rows sit in more than one area (each route belongs to one area). */
  routesInSeveralAreas: string[];
  /** The same method, path and note twice (two rows of one route differ by path, body or note). */
  repeatedRows: string[];
}

/** The report of a matrix that is exactly the Hub's routes. */
export function fullCoverage(): CoverageReport {
  return {
    routesWithoutRows: [],
    rowsWithoutRoute: [],
    absentRowsThatExist: [],
    ambiguousRows: [],
    routesInSeveralAreas: [],
    repeatedRows: [],
  };
}

/** Checks that every route has rows in exactly one area and every row reaches exactly one route. */
export function matrixCoverage(areas: readonly RoleMatrixArea[], routes: readonly HubRoute[]): CoverageReport {
  const report = fullCoverage();
  const areasOfRoute = new Map<string, Set<string>>();
  const rowNames = new Set<string>();
  for (const area of areas) {
    for (const row of area.rows) {
      const name = `${area.heading}: ${row.method} ${row.path}${row.note ? ` (${row.note})` : ""}`;
      if (rowNames.has(name)) report.repeatedRows.push(name);
      rowNames.add(name);
      const reached = routesOfRow(row.method, row.path, routes);
      if (row.absent) {
        if (reached.length > 0) report.absentRowsThatExist.push(`${name} reaches ${reached.map(routeKey).join(", ")}`);
        continue;
      }
      if (reached.length === 0) report.rowsWithoutRoute.push(name);
      else if (reached.length > 1) report.ambiguousRows.push(`${name} reaches ${reached.map(routeKey).join(", ")}`);
      else {
        const key = routeKey(reached[0] as HubRoute);
        areasOfRoute.set(key, (areasOfRoute.get(key) ?? new Set()).add(area.heading));
      }
    }
  }
  for (const route of routes) {
    const key = routeKey(route);
    const owners = areasOfRoute.get(key);
    if (!owners) report.routesWithoutRows.push(`${route.method} ${route.path}`);
    else if (owners.size > 1) report.routesInSeveralAreas.push(`${key} in ${[...owners].join(" and ")}`);
  }
  return report;
}
