import { describe, expect, test } from "bun:test";
import { CorruptAvroError } from "./binary";
import { type AvroType, parseAvroSchema } from "./schema";

function fieldTypes(type: AvroType): Record<string, AvroType> {
  if (type.kind !== "record") throw new Error("not a record");
  return Object.fromEntries(type.fields.map((f) => [f.name, f.type]));
}

describe("parseAvroSchema", () => {
  test("named types resolve by short name in their namespace, by full name anywhere, and to the same object", () => {
    const schema = {
      type: "record",
      name: "Outer",
      namespace: "a.b",
      fields: [
        { name: "color", type: { type: "enum", name: "Color", symbols: ["R", "G"] } },
        { name: "again", type: "Color" },
        { name: "full", type: "a.b.Color" },
        { name: "other", type: { type: "fixed", name: "x.y.Hash", size: 4 } },
        { name: "hash", type: "x.y.Hash" },
        { name: "self", type: ["null", "Outer"] },
      ],
    };
    const root = parseAvroSchema(schema);
    const fields = fieldTypes(root);
    expect(fields.color).toEqual({ kind: "enum", name: "a.b.Color", symbols: ["R", "G"] });
    expect(fields.again).toBe(fields.color as AvroType);
    expect(fields.full).toBe(fields.color as AvroType);
    expect(fields.hash).toBe(fields.other as AvroType);
    expect(fields.self).toEqual({ kind: "union", branches: [{ kind: "primitive", name: "null" }, root] });
  });

  test("logical attributes are kept on primitives and fixed; a wrapped type ({type: {...}}) is unwrapped", () => {
    const root = parseAvroSchema({
      type: "record",
      name: "R",
      fields: [
        { name: "d", type: { type: "bytes", logicalType: "decimal", precision: 9, scale: 2 } },
        { name: "w", type: { type: { type: "array", items: "int" } } },
      ],
    });
    const fields = fieldTypes(root);
    expect(fields.d).toEqual({ kind: "primitive", name: "bytes", logicalType: "decimal", precision: 9, scale: 2 });
    expect(fields.w).toEqual({ kind: "array", items: { kind: "primitive", name: "int" } });
  });

  test("invalid schemas are refused with what is wrong", () => {
    const cases: [unknown, string][] = [
      ["Nope", 'unknown type "Nope"'],
      [
        {
          type: "record",
          name: "R",
          fields: [
            { name: "a", type: "int" },
            { name: "a", type: "int" },
          ],
        },
        'two fields named "a"',
      ],
      [{ type: "record", name: "R" }, "no list of fields"],
      [{ type: "enum", name: "E" }, "no list of symbols"],
      [{ type: "fixed", name: "F", size: -1 }, "no valid size"],
      [{ type: "record", fields: [] }, "has no name"],
      [["int", ["null", "int"]], "union inside a union"],
      [
        {
          type: "record",
          name: "R",
          fields: [
            { name: "a", type: { type: "fixed", name: "F", size: 1 } },
            { name: "b", type: { type: "fixed", name: "F", size: 2 } },
          ],
        },
        'defines "F" twice',
      ],
      [42, "where a type belongs"],
    ];
    for (const [schema, message] of cases) {
      expect(() => parseAvroSchema(schema)).toThrow(CorruptAvroError);
      expect(() => parseAvroSchema(schema)).toThrow(message);
    }
  });

  test("a schema nested deeper than 200 levels is refused rather than overflowing the stack", () => {
    let schema: unknown = "int";
    for (let i = 0; i < 5000; i++) schema = { type: "array", items: schema };
    expect(() => parseAvroSchema(schema)).toThrow("deeper than 200");
  });
});
