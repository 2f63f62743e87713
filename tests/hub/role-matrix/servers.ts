import type { Role } from "../../../src/hub/roles";

/** One route of the role matrix: the status each role gets (docs/hub.md mirrors it). */
export interface RoleMatrixRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Relative to /api/v1; `{id}` is a Server made for this call. */
  path: string;
  /** `{unique}` in its JSON text becomes a fresh name per call. */
  body?: unknown;
  expect: Record<Role | "anonymous", number>;
}

/**
 * The Servers and Capabilities routes (issue 17, items 1-2). `POST /servers/register` is
 * not a session route: it takes the shared secret HUB_SERVER_TOKEN as its bearer, so every
 * session (and none) is 401 there; its secret path is tested in src/hub/servers/routes.test.ts.
 */
export const serverMatrixRows: RoleMatrixRow[] = [
  { method: "GET", path: "/servers", expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 } },
  {
    method: "POST",
    path: "/servers",
    body: { name: "matrix-{unique}", endpoint: "http://10.1.2.3:25811" },
    expect: { owner: 201, admin: 201, auditor: 403, user: 403, anonymous: 401 },
  },
  { method: "GET", path: "/servers/{id}", expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 } },
  {
    method: "POST",
    path: "/servers/{id}/refresh",
    expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
  },
  {
    method: "GET",
    path: "/servers/{id}/groups",
    expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 },
  },
  {
    method: "PUT",
    path: "/servers/{id}/groups",
    body: { group_ids: [] },
    expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
  },
  {
    method: "POST",
    path: "/servers/{id}/revoke",
    expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
  },
  {
    method: "DELETE",
    path: "/servers/{id}",
    expect: { owner: 204, admin: 204, auditor: 403, user: 403, anonymous: 401 },
  },
  {
    method: "POST",
    path: "/servers/register",
    body: { name: "matrix-{unique}", endpoint: "http://10.1.2.3:25811", version: "1.0.0" },
    expect: { owner: 401, admin: 401, auditor: 401, user: 401, anonymous: 401 },
  },
  {
    method: "POST",
    path: "/capabilities/token",
    body: {},
    expect: { owner: 200, admin: 200, auditor: 200, user: 200, anonymous: 401 },
  },
];
