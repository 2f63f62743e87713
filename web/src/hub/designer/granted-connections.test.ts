import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { createHubClient, type HubClient } from "../../lib/hub-api";
import { grantedDatabaseChoices } from "./granted-connections";

/*
 * What the Input form offers in hub mode, from a whole Hub in process: two SQLite connections,
 * one granted to a user group holding Ulla (a user) and Ada (an admin); Olga (the owner) is in
 * no group. Role user's list is its grants; an admin's and the owner's are narrowed to theirs.
 */
const PASSWORD = "a long enough passphrase 42";
let t: TestApp;
const clients = new Map<string, { hub: HubClient; id: string; role: "owner" | "admin" | "user" }>();
let granted: string;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await t.app.request(`/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? {} : await res.json();
}

async function signIn(username: string) {
  const session = await call("POST", "/auth/login", undefined, { username, password: PASSWORD });
  const hub = createHubClient({
    base: "/api/v1",
    session: () => session.token,
    fetch: async (url, init) => t.app.request(url, init),
  });
  clients.set(username, { hub, id: session.user.id, role: session.user.role });
}

beforeAll(async () => {
  t = await makeTestApp({ mode: "hub" });
  const owner = (await call("POST", "/auth/register", undefined, { username: "olga", password: PASSWORD })).token;
  const ulla = await call("POST", "/users", owner, { username: "ulla", password: PASSWORD, role: "user" });
  const ada = await call("POST", "/users", owner, { username: "ada", password: PASSWORD, role: "admin" });
  const db = (name: string) => ({ name, type: "database", db_type: "sqlite", database: `/srv/${name}.db` });
  granted = (await call("POST", "/connections", owner, db("sales"))).id;
  await call("POST", "/connections", owner, db("payroll"));
  const group = await call("POST", "/groups", owner, { name: "Analysts" });
  const grants = await call("POST", "/grant-groups", owner, { name: "Sales" });
  for (const user of [ulla, ada]) await call("POST", `/groups/${group.id}/members`, owner, { user_id: user.id });
  await call("POST", `/grant-groups/${grants.id}/connections/${granted}`, owner);
  await call("POST", `/groups/${group.id}/grant-groups/${grants.id}`, owner);
  for (const name of ["olga", "ulla", "ada"]) await signIn(name);
});

afterAll(async () => {
  await t?.close();
});

const offered = async (username: string) => {
  const person = clients.get(username);
  if (!person) throw new Error(`${username} is not signed in`);
  return await grantedDatabaseChoices(person.hub, { id: person.id, role: person.role });
};

describe("the Input form's Hub connections", () => {
  test("a user: the granted database only, as the Input reads it", async () => {
    expect(await offered("ulla")).toEqual({
      connections: [{ id: granted, name: "sales", sourceType: "sqlite", detail: "/srv/sales.db" }],
    });
  });

  test("an admin, who sees both in the admin area: only what her grant chain reaches", async () => {
    expect((await offered("ada")).connections.map((c) => c.name)).toEqual(["sales"]);
  });

  test("the owner in no group: none, and a note that says why", async () => {
    expect(await offered("olga")).toEqual({
      connections: [],
      note: "No database connection is granted to you on the Hub: ask an administrator for one.",
    });
  });

  test("a Hub that refuses the list: none, with its reason", async () => {
    const signedOut = createHubClient({
      base: "/api/v1",
      session: () => "not-a-session",
      fetch: async (url, init) => t.app.request(url, init),
    });
    const answer = await grantedDatabaseChoices(signedOut, { id: "x", role: "user" });
    expect(answer.connections).toEqual([]);
    expect(answer.note).toStartWith("The Hub did not list your connections:");
  });
});
