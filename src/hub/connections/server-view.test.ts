import { expect, test } from "bun:test";
import { parseMssqlUri } from "../../formats/db/mssql-uri";
import { databaseUri, sourceTypeOf } from "./server-view";
import type { DatabaseSettings } from "./settings";

const base: DatabaseSettings = {
  kind: "database",
  dbType: "postgresql",
  host: "db.example",
  port: 5433,
  database: "sales",
  username: "ana",
  password: "p@ss:w/rd?#",
  options: {},
};

test.each<[string, Partial<DatabaseSettings>, string]>([
  ["postgresql, secret percent-encoded", {}, "postgresql://ana:p%40ss%3Aw%2Frd%3F%23@db.example:5433/sales"],
  [
    "postgresql sslmode",
    { options: { sslmode: "require" } },
    "postgresql://ana:p%40ss%3Aw%2Frd%3F%23@db.example:5433/sales?sslmode=require",
  ],
  ["mysql default port", { dbType: "mysql", port: null, password: null }, "mysql://ana@db.example:3306/sales"],
  ["mariadb speaks mysql", { dbType: "mariadb", username: null, password: null }, "mysql://db.example:5433/sales"],
  ["IPv6 host bracketed", { host: "::1", password: "x" }, "postgresql://ana:x@[::1]:5433/sales"],
  ["sqlite file", { dbType: "sqlite", host: null, port: null, database: "/data/a b.db" }, "sqlite:///data/a b.db"],
  [
    "mssql disable",
    { dbType: "mssql", port: null, password: "x", options: { sslmode: "disable" } },
    "mssql://ana:x@db.example:1433/sales?encrypt=false",
  ],
])("databaseUri: %s", (_name, overrides, uri) => {
  expect(databaseUri({ ...base, ...overrides })).toBe(uri);
});

test("a built URI gives back the user and password the reader decodes", () => {
  const url = new URL(databaseUri(base));
  expect(decodeURIComponent(url.username)).toBe("ana");
  expect(decodeURIComponent(url.password)).toBe("p@ss:w/rd?#");
  const mssql = parseMssqlUri(databaseUri({ ...base, dbType: "mssql" }));
  expect(mssql.secrets).toContain("p@ss:w/rd?#");
});

test("source types: MariaDB is read by the MySQL reader", () => {
  expect(sourceTypeOf("mariadb")).toBe("mysql");
  expect(sourceTypeOf("postgresql")).toBe("postgresql");
});
