import { describe, expect, test } from "bun:test";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { parseServerUri, requestSql } from "./db-request";

describe("requestSql", () => {
  test("a query passes the read-only policy and comes back as the statement to run", () => {
    expect(requestSql({ type: "postgresql", uri: "", query: "  SELECT 1;  " })).toBe("SELECT 1");
    expect(requestSql({ type: "sqlite", uri: "", query: "SELECT 1 -- why" })).toBe("SELECT 1 -- why");
  });

  test("a table becomes SELECT * with the name quoted for the dialect", () => {
    expect(requestSql({ type: "postgresql", uri: "", table: "s.t" })).toBe(`SELECT * FROM "s"."t"`);
    expect(requestSql({ type: "mysql", uri: "", table: "s.t" })).toBe("SELECT * FROM `s`.`t`");
    expect(requestSql({ type: "sqlite", uri: "", table: `"a""b"` })).toBe(`SELECT * FROM "a""b"`);
  });

  test("refuses writes, both or neither of query and table, bad maxRows and unknown types", () => {
    const refused: [object, RegExp][] = [
      [{ type: "postgresql", query: "DELETE FROM t" }, /Refused SQL: DELETE at 1:1/],
      [{ type: "mysql", query: "SELECT 1 INTO OUTFILE '/tmp/x'" }, /INTO/],
      [{ type: "sqlite", query: "SELECT 1; DROP TABLE t" }, /DROP/],
      [{ type: "sqlite", query: "SELECT 1", table: "t" }, /either a query or a table, not both/],
      [{ type: "sqlite", query: "   " }, /either a query or a table$/],
      [{ type: "sqlite", table: "t", maxRows: -1 }, /maxRows must be a whole number >= 0, got -1/],
      [{ type: "sqlite", table: "t", maxRows: 1.5 }, /got 1.5/],
      [{ type: "oracle", table: "t" }, /Unknown database type "oracle"/],
    ];
    for (const [request, why] of refused) {
      const call = () => requestSql({ uri: "", ...request } as never);
      expect(call).toThrow(ValidationError);
      expect(call).toThrow(why);
    }
  });
});

test("uniqueNames suffixes repeats with the first free _k, keeping the first as it is", () => {
  expect(uniqueNames(["a", "b"])).toEqual(["a", "b"]);
  expect(uniqueNames(["a", "a", "a"])).toEqual(["a", "a_1", "a_2"]);
  expect(uniqueNames(["a", "a", "a_1"])).toEqual(["a", "a_2", "a_1"]);
  expect(uniqueNames(["?column?", "?column?"])).toEqual(["?column?", "?column?_1"]);
  expect(uniqueNames([])).toEqual([]);
});

test("parseServerUri checks the scheme and never repeats the URI", () => {
  expect(parseServerUri("postgresql://u:p@h:5/d", "postgresql", ["postgres:", "postgresql:"]).hostname).toBe("h");
  const wrong = () => parseServerUri("mysql://u:secret@h/d", "postgresql", ["postgres:", "postgresql:"]);
  expect(wrong).toThrow(DataSourceError);
  expect(wrong).toThrow("must start with postgres:// or postgresql:// (got mysql://)");
  const invalid = () => parseServerUri("not a uri secret", "mysql", ["mysql:"]);
  expect(invalid).toThrow("not a valid URI");
  expect(invalid).not.toThrow("secret");
});
