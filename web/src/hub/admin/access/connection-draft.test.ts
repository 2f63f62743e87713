import { describe, expect, test } from "bun:test";
import { createBody, draftOf, draftProblem, emptyDraft, settingsBody, updateBody } from "./connection-draft";
import { whereText } from "./connection-kinds";
import type { HubConnection } from "./connections-api";

const stored: HubConnection = {
  id: "c1",
  name: "Sales",
  type: "database",
  description: null,
  created_at: "2026-11-28T00:00:00Z",
  updated_at: "2026-11-28T00:00:00Z",
  health: { status: null, checked_at: null, latency_ms: null, error: null },
  db_type: "postgresql",
  host: "db.example",
  port: 5432,
  database: "sales",
  username: "reader",
  has_password: true,
  options: {},
};

describe("a new connection's requests", () => {
  test("a PostgreSQL form sends its server, account and password; an empty port is the default", () => {
    const draft = {
      ...emptyDraft("postgresql"),
      name: " Sales ",
      host: "db.example",
      database: "sales",
      username: "reader",
      password: "s3cret",
    };
    expect(draftProblem(draft)).toBeUndefined();
    expect(createBody(draft)).toEqual({
      type: "database",
      db_type: "postgresql",
      name: "Sales",
      host: "db.example",
      database: "sales",
      username: "reader",
      password: "s3cret",
    });
  });

  test("a port and TLS mode are sent when given", () => {
    const draft = {
      ...emptyDraft("mysql"),
      name: "M",
      host: "h",
      database: "d",
      port: "3307",
      sslmode: "require" as const,
    };
    expect(settingsBody(draft)).toMatchObject({ db_type: "mysql", port: 3307, options: { sslmode: "require" } });
  });

  test("a SQLite file and a folder send only what they have", () => {
    const sqlite = { ...emptyDraft("sqlite"), name: "F", database: "/data/a.db", host: "left over", password: "x" };
    expect(createBody(sqlite)).toEqual({ type: "database", db_type: "sqlite", database: "/data/a.db", name: "F" });
    const folder = {
      ...emptyDraft("filesystem"),
      name: "Files",
      path: "/srv/files",
      readOnly: true,
      description: " d ",
    };
    expect(createBody(folder)).toEqual({
      type: "filesystem",
      path: "/srv/files",
      read_only: true,
      name: "Files",
      description: "d",
    });
  });

  test.each([
    [{ name: "" }, "Give the connection a name."],
    [{ host: "" }, "Give the server's host name or address."],
    [{ host: "user@evil" }, "The host is a name or an address only (no slashes, spaces or @)."],
    [{ port: "70000" }, "The port is a number from 1 to 65535."],
    [{ port: "5x" }, "The port is a number from 1 to 65535."],
    [{ database: " " }, "Give the database's name."],
  ])("%p is refused: %p", (change, problem) => {
    const draft = { ...emptyDraft("postgresql"), name: "N", host: "h", database: "d", ...change };
    expect(draftProblem(draft)).toBe(problem);
  });

  test("files and folders must be absolute paths", () => {
    expect(draftProblem({ ...emptyDraft("sqlite"), name: "N", database: "a.db" })).toBe(
      "The file must be an absolute path.",
    );
    expect(draftProblem({ ...emptyDraft("filesystem"), name: "N", path: "files" })).toBe(
      "The folder must be an absolute path.",
    );
    expect(draftProblem({ ...emptyDraft("filesystem"), name: "N", path: "C:\\files" })).toBeUndefined();
  });
});

describe("an edit's PATCH", () => {
  test("an untouched form changes nothing, and an empty password keeps the stored one", () => {
    const draft = draftOf(stored);
    expect(draft.password).toBe("");
    expect(updateBody(draft, stored)).toEqual({});
  });

  test("only the changed fields are sent; cleared ones as null", () => {
    const draft = { ...draftOf(stored), name: "Sales EU", username: "", port: "6432", description: "EU rows" };
    expect(updateBody(draft, stored)).toEqual({ name: "Sales EU", username: null, port: 6432, description: "EU rows" });
  });

  test("a typed password replaces the stored one; asking to remove it sends null", () => {
    expect(updateBody({ ...draftOf(stored), password: "new" }, stored)).toEqual({ password: "new" });
    expect(updateBody({ ...draftOf(stored), clearPassword: true }, stored)).toEqual({ password: null });
  });

  test("becoming a SQLite file sends the kind and the file, not the server's fields", () => {
    const draft = { ...draftOf(stored), kind: "sqlite" as const, database: "/data/sales.db" };
    expect(updateBody(draft, stored)).toEqual({ db_type: "sqlite", database: "/data/sales.db" });
  });

  test("a folder's path and read-only flag", () => {
    const folder: HubConnection = { ...stored, type: "filesystem", path: "/srv", read_only: false };
    for (const k of ["db_type", "host", "port", "database", "username", "has_password", "options"] as const) {
      delete folder[k];
    }
    expect(updateBody({ ...draftOf(folder), readOnly: true }, folder)).toEqual({ read_only: true });
  });
});

describe("where a connection points", () => {
  test("host, port and database; the default port when none is stored; a file or folder as is", () => {
    expect(whereText(stored)).toBe("db.example:5432/sales");
    expect(whereText({ ...stored, db_type: "mysql", port: null })).toBe("db.example:3306/sales");
    expect(whereText({ ...stored, db_type: "sqlite", host: null, database: "/data/a.db" })).toBe("/data/a.db");
    expect(whereText({ ...stored, type: "filesystem", path: "/srv/files" })).toBe("/srv/files");
  });
});
