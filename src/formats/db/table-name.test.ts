import { describe, expect, test } from "bun:test";
import { ValidationError } from "../../shared/errors";
import { quoteName, quoteTableName, tableNameParts } from "./table-name";

describe("tableNameParts", () => {
  test("splits on dots outside quotes; quoted parts keep dots, spaces and doubled quotes", () => {
    expect(tableNameParts("orders", "postgresql")).toEqual(["orders"]);
    expect(tableNameParts("Sales.Orders", "postgresql")).toEqual(["Sales", "Orders"]);
    expect(tableNameParts(`"my.schema"."it""s"`, "postgresql")).toEqual(["my.schema", `it"s`]);
    expect(tableNameParts(`main."a.b"`, "sqlite")).toEqual(["main", "a.b"]);
    expect(tableNameParts("`db.1`.`t``x`", "mysql")).toEqual(["db.1", "t`x"]);
    expect(tableNameParts("Ünïcödé 表", "postgresql")).toEqual(["Ünïcödé 表"]);
    // In MySQL a double quote is an ordinary character of an unquoted name.
    expect(tableNameParts(`a"b`, "mysql")).toEqual([`a"b`]);
  });

  test("refuses what is not a name, saying why", () => {
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["a..b", /empty/],
      ["a.", /ends with a dot/],
      ['"open', /not closed/],
      ['"a"b', /text after the closing quote/],
      ['a"b', /must be quoted/],
      ["a.b.c", /at most schema.table \(got 3 parts\)/],
      ['"a\0b"', /NUL/],
      ["  ", /empty/],
    ];
    for (const [name, why] of cases) {
      expect(() => tableNameParts(name, "postgresql")).toThrow(ValidationError);
      expect(() => tableNameParts(name, "postgresql")).toThrow(why);
    }
  });
});

describe("quoteTableName", () => {
  test("quotes every part for its dialect, doubling the quote inside", () => {
    expect(quoteTableName("public.orders", "postgresql")).toBe(`"public"."orders"`);
    expect(quoteTableName(`"we""ird.tab"`, "sqlite")).toBe(`"we""ird.tab"`);
    expect(quoteTableName("shop.orders", "mysql")).toBe("`shop`.`orders`");
    expect(quoteTableName("`a``b`", "mysql")).toBe("`a``b`");
    expect(quoteName(`x"y`, "postgresql")).toBe(`"x""y"`);
  });

  test("a hostile name stays one quoted name", () => {
    expect(quoteTableName(`"t""; DROP TABLE x; --"`, "postgresql")).toBe(`"t""; DROP TABLE x; --"`);
    expect(quoteTableName("t; DROP TABLE x", "sqlite")).toBe(`"t; DROP TABLE x"`);
  });
});
