import type { Role } from "../../../src/shared/roles";
import type { HubTestApp, TestAccount } from "../../helpers/api-scenario";

/**
 * The shape every area of the Hub's role matrix uses (tests/hub/role-matrix.test.ts runs them
 * all; docs/hub.md mirrors them, one "### Role matrix" table under each area's heading).
 *
 * Adding an area: export a `RoleMatrixArea` from `<area>.ts` and list it in `areas.ts`; give
 * docs/hub.md a `## <heading>` section holding `### Role matrix` with the table
 * (`matrixMarkdown(area.rows)`). The runner then fails until every route the Hub registers has
 * rows, and each row names a real route.
 *
 * Porting an area written in the older connections shape (`placeholders: (hub) => …`, rows of
 * method/path/body/expect): the rows and placeholders fit as they are; add `heading`, and make
 * any placeholder that means "the caller's own" or "granted to the caller" take the caller
 * from its second argument (`request.account`), because each request is made by a FRESH
 * account of the row's role, not by `hub.accounts` (so a logout or a password change in one
 * row cannot touch another).
 */

export type MatrixCaller = Role | "anonymous";

/** The callers in the order of the matrix's columns. */
export const CALLERS: readonly MatrixCaller[] = ["owner", "admin", "auditor", "user", "anonymous"];

export type MatrixMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a placeholder is told about the request it makes a value for. */
export interface MatrixRequest {
  caller: MatrixCaller;
  /** The caller's own signed-in account, fresh for this request (none for anonymous). */
  account?: TestAccount;
  /** Another placeholder's value in this same request (made once per request, then reused). */
  value(name: string): Promise<string>;
}

/**
 * Makes what `{name}` stands for: a fresh object per request (a DELETE gets its own target),
 * made through the harness (`hub.deps`, `hub.accounts.admin`) rather than by the caller.
 */
export type Placeholder = (hub: HubTestApp, request: MatrixRequest) => Promise<string>;

/** One case of one route: the status each caller gets. */
export interface RoleMatrixRow {
  method: MatrixMethod;
  /**
   * Relative to /api/v1. `{name}` is a placeholder of the area (or `{unique}`, a fresh id);
   * other segments are literal (`/revisions/1`) and a query string may follow. The route
   * check matches a `{name}` or literal segment to the route's path parameter.
   */
  path: string;
  /** JSON; `{name}` inside its strings is filled like the path's. */
  body?: unknown;
  /** Tells two rows of one route apart in docs/hub.md (e.g. "hand on" for a PATCH {owner_id}). */
  note?: string;
  expect: Record<MatrixCaller, number>;
  /** The row shows that NO such route exists (the route check fails if one does). */
  absent?: true;
}

export interface RoleMatrixArea {
  /** The `## ` heading of the area's section in docs/hub.md. */
  heading: string;
  placeholders: Record<string, Placeholder>;
  rows: RoleMatrixRow[];
}

/** `expect` from the statuses in column order: owner, admin, auditor, user, anonymous. */
export function statuses([owner, admin, auditor, user, anonymous]: [number, number, number, number, number]): Record<
  MatrixCaller,
  number
> {
  return { owner, admin, auditor, user, anonymous };
}
