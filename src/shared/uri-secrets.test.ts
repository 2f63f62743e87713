import { describe, expect, test } from "bun:test";
import { hasUriSecret, redactUris } from "./uri-secrets";

describe("redactUris", () => {
  const cases: [string, string][] = [
    ["postgresql://u:secret@127.0.0.1:1/x", "postgresql://u:***@127.0.0.1:1/x"],
    ["mysql://root:p%40ss@db:3306/shop?ssl=true", "mysql://root:***@db:3306/shop?ssl=true"],
    // An unencoded `@` or `/` in the password: masked whole, to the last `@`.
    ["postgresql://u:pa@ss/wd@host/db", "postgresql://u:***@host/db"],
    ["mssql://sa:Str0ng!Pass@sql:1433/dw?encrypt=false", "mssql://sa:***@sql:1433/dw?encrypt=false"],
    ["postgresql://u@h/db?sslmode=require&password=hunter2", "postgresql://u@h/db?sslmode=require&password=***"],
    [
      "postgresql://h/db?sslpassword=k3y&application_name=weft",
      "postgresql://h/db?sslpassword=***&application_name=weft",
    ],
    // Two URIs in one text, a user without a password, and no URI at all.
    ["from pg://a:b1@h1/x to pg://c:d2@h2/y", "from pg://a:***@h1/x to pg://c:***@h2/y"],
    ["postgresql://reader@h:5432/db", "postgresql://reader@h:5432/db"],
    ["/home/ana/shop.db", "/home/ana/shop.db"],
    ["pl.col(\"password\") == 'x'", "pl.col(\"password\") == 'x'"],
    ["", ""],
  ];
  for (const [input, expected] of cases) test(input || "(empty)", () => expect(redactUris(input)).toBe(expected));
});

describe("hasUriSecret", () => {
  test("a password in the user part or the query, or a token, is a secret", () => {
    for (const uri of [
      "postgresql://u:secret@127.0.0.1:1/x",
      "mysql://root:p%40ss@db:3306/shop",
      "postgresql://u@h/db?sslmode=require&password=hunter2",
      "mssql://h/db?token=abc",
    ]) {
      expect(hasUriSecret(uri)).toBe(true);
    }
  });
  test("a user alone, a file path, a SQLite URI and plain text are not", () => {
    for (const text of [
      "postgresql://reader@h:5432/db",
      "/home/ana/shop.db",
      "sqlite:///data/shop.db",
      "password",
      "",
    ]) {
      expect(hasUriSecret(text)).toBe(false);
    }
  });
});
