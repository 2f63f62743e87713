import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConflictError, NotFoundError, ValidationError } from "../../shared/errors";
import { CONNECTIONS_FILE, ConnectionStore, openConnectionStore } from "./connection-store";

let dir: string;
let store: ConnectionStore;
const KEY = "store-test-key";
const pg = { name: "Warehouse", type: "postgresql", host: "db.internal", database: "sales" } as const;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "weft-conn-store-"));
  store = new ConnectionStore(join(dir, CONNECTIONS_FILE), KEY);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("uriFor", () => {
  test("percent-encodes user, password and database; the URI parses back to them", () => {
    const user = "ánalyst@corp";
    const password = "p:w/d?#%@ 🔑";
    const c = store.create({ ...pg, database: "my db", username: user, password });
    const uri = store.uriFor(c.id);
    const expected = "postgresql://%C3%A1nalyst%40corp:p%3Aw%2Fd%3F%23%25%40%20%F0%9F%94%91@db.internal:5432/my%20db";
    expect(uri).toBe(expected);
    const url = new URL(uri);
    expect(decodeURIComponent(url.username)).toBe(user);
    expect(decodeURIComponent(url.password)).toBe(password);
    expect(url.hostname).toBe("db.internal");
    expect(decodeURIComponent(url.pathname.slice(1))).toBe("my db");
  });

  test("each type: its scheme and default port; no password leaves no colon; IPv6 in brackets", () => {
    const my = store.create({ name: "m", type: "mysql", host: "::1", database: "d", username: "u", password: "" });
    expect(store.uriFor(my.id)).toBe("mysql://u@[::1]:3306/d");
    const ms = store.create({ name: "s", type: "mssql", host: "h", port: 14330, database: "d", username: "sa" });
    expect(store.uriFor(ms.id)).toBe("mssql://sa@h:14330/d");
    const lite = store.create({ name: "l", type: "sqlite", host: "ignored", port: 9, database: "/data/x y.db" });
    expect(lite).toMatchObject({ host: "", port: 0, database: "/data/x y.db" });
    expect(store.uriFor(lite.id)).toBe("/data/x y.db");
  });

  test("an unknown id is a 404", () => {
    expect(() => store.uriFor("nope")).toThrow(NotFoundError);
  });

  test("a secret copied onto another connection does not decrypt (bound to its id)", () => {
    const a = store.create({ ...pg, name: "a", username: "alice", password: "pa" });
    const b = store.create({ ...pg, name: "b", username: "bob", password: "pb" });
    const file = JSON.parse(readFileSync(store.path, "utf8"));
    file.connections[1].password = file.connections[0].password;
    writeFileSync(store.path, JSON.stringify(file));
    expect(store.uriFor(a.id)).toContain("alice:pa@");
    expect(() => store.uriFor(b.id)).toThrow(/credentials of connection "b" cannot be decrypted/);
  });
});

describe("names and fields", () => {
  test("names are unique ignoring case and spaces, unicode included", () => {
    store.create({ ...pg, name: "Ünïcode Sales", username: "u" });
    expect(() => store.create({ ...pg, name: "  üNÏCODE sales ", username: "u" })).toThrow(ConflictError);
    const other = store.create({ ...pg, name: "Other", username: "u" });
    expect(() => store.update(other.id, { name: "ünïcode sales" })).toThrow(ConflictError);
    // Renaming a connection to its own name in another case is not a conflict.
    expect(store.update(other.id, { name: "OTHER" }).name).toBe("OTHER");
    expect(store.list().map((c) => c.name)).toEqual(["Ünïcode Sales", "OTHER"]);
  });

  test("missing host, username, database or a bad port name the field", () => {
    expect(() => store.create({ ...pg, host: " ", username: "u" })).toThrow(/^host: required/);
    expect(() => store.create({ ...pg, username: "" })).toThrow(/^username: required/);
    expect(() => store.create({ ...pg, database: " ", username: "u" })).toThrow(/^database: required/);
    expect(() => store.create({ ...pg, port: 0, username: "u" })).toThrow(/^port: must be between 1 and 65535/);
    expect(() => store.create({ ...pg, host: "evil.com/x@", username: "u" })).toThrow(ValidationError);
    expect(() => store.create({ ...pg, name: "  ", username: "u" })).toThrow(/^name: must not be blank/);
    expect(store.count()).toBe(0);
  });

  test("changing type: a default port follows the new type, a chosen one stays", () => {
    const a = store.create({ ...pg, name: "a", username: "u" });
    expect(store.update(a.id, { type: "mysql" }).port).toBe(3306);
    const b = store.create({ ...pg, name: "b", port: 6543, username: "u" });
    expect(store.update(b.id, { type: "mysql" }).port).toBe(6543);
    const lite = store.create({ name: "l", type: "sqlite", database: "/x.db" });
    expect(() => store.update(lite.id, { type: "postgresql" })).toThrow(/^host: required/);
    expect(store.update(lite.id, { type: "postgresql", host: "h" })).toMatchObject({ port: 5432, host: "h" });
  });

  test("update keeps credentials when blank or absent, replaces them when given", () => {
    const c = store.create({ ...pg, username: "alice", password: "old" });
    store.update(c.id, { username: "", password: "   " });
    expect(store.uriFor(c.id)).toBe("postgresql://alice:old@db.internal:5432/sales");
    store.update(c.id, { database: "other" });
    expect(store.uriFor(c.id)).toBe("postgresql://alice:old@db.internal:5432/other");
    store.update(c.id, { password: "new" });
    expect(store.uriFor(c.id)).toBe("postgresql://alice:new@db.internal:5432/other");
  });

  test("updatedAt moves on update, createdAt stays", () => {
    let now = new Date("2024-01-01T00:00:00Z");
    const timed = new ConnectionStore(join(dir, "timed.json"), KEY, () => now);
    const c = timed.create({ ...pg, username: "u" });
    now = new Date("2024-02-01T00:00:00Z");
    const u = timed.update(c.id, { host: "h2" });
    expect([u.createdAt, u.updatedAt]).toEqual(["2024-01-01T00:00:00.000Z", "2024-02-01T00:00:00.000Z"]);
  });

  test("delete removes; deleting twice is a 404", () => {
    const c = store.create({ ...pg, username: "u" });
    store.delete(c.id);
    expect(store.list()).toEqual([]);
    expect(() => store.delete(c.id)).toThrow(NotFoundError);
    expect(() => store.get(c.id)).toThrow(NotFoundError);
  });
});

describe("the file", () => {
  test("mode 0600, no temp file left, no clear-text credentials", () => {
    store.create({ ...pg, username: "svc_reader_42", password: "Tr0ub4dor&3" });
    store.create({ ...pg, name: "b", username: "u", password: "x" });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([CONNECTIONS_FILE]);
    const bytes = readFileSync(store.path);
    expect(bytes.includes("svc_reader_42")).toBe(false);
    expect(bytes.includes("Tr0ub4dor&3")).toBe(false);
    expect(bytes.includes("db.internal")).toBe(true); // the non-secret fields are plain
  });

  test("another key is refused with a clear error on every operation, and the file is untouched", () => {
    const c = store.create({ ...pg, username: "u", password: "p" });
    const before = readFileSync(store.path, "utf8");
    const wrong = new ConnectionStore(store.path, "not the key");
    for (const op of [
      () => wrong.list(),
      () => wrong.count(),
      () => wrong.uriFor(c.id),
      () => wrong.create({ ...pg, name: "n", username: "u" }),
    ]) {
      expect(op).toThrow("The connection store was written with another CONNECTION_ENCRYPTION_KEY");
    }
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  test("a file that is not a store is a clear 503", () => {
    writeFileSync(store.path, "{ not json");
    expect(() => store.list()).toThrow(/is not a connection store \(not JSON/);
    writeFileSync(store.path, JSON.stringify({ version: 2 }));
    expect(() => store.list()).toThrow(/is not a connection store \(version/);
  });

  test("openConnectionStore: none without a key", () => {
    expect(openConnectionStore(dir, undefined)).toBeUndefined();
    expect(openConnectionStore(dir, "")).toBeUndefined();
    expect(openConnectionStore(dir, "k")?.path).toBe(join(dir, CONNECTIONS_FILE));
  });
});
