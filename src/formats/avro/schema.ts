import { CorruptAvroError } from "./binary";

/** Avro's primitive type names. */
export const PRIMITIVES = ["null", "boolean", "int", "long", "float", "double", "bytes", "string"] as const;
export type PrimitiveName = (typeof PRIMITIVES)[number];

/** The logical-type attributes of a primitive or fixed type (interpreted, or ignored, by the planner). */
export interface LogicalAttributes {
  logicalType?: string;
  precision?: number;
  scale?: number;
}

export interface AvroField {
  name: string;
  type: AvroType;
}

/**
 * A parsed Avro schema with named references resolved to the same object, so a recursive
 * record (a linked list) is a cycle in this graph.
 */
export type AvroType =
  | ({ kind: "primitive"; name: PrimitiveName } & LogicalAttributes)
  | ({ kind: "fixed"; name: string; size: number } & LogicalAttributes)
  | { kind: "enum"; name: string; symbols: string[] }
  | { kind: "array"; items: AvroType }
  | { kind: "map"; values: AvroType }
  | { kind: "record"; name: string; fields: AvroField[] }
  | { kind: "union"; branches: AvroType[] };

/** Deeper JSON nesting than this is refused rather than risking the stack. */
const MAX_DEPTH = 200;

type Named = Extract<AvroType, { name: string; kind: "fixed" | "enum" | "record" }>;

/**
 * Parses the writer's schema of an object container file (the `avro.schema` metadata,
 * already JSON-parsed): primitive names, records (and "error"), enums, fixed, arrays, maps,
 * unions, and references to named types with Avro's namespace rules.
 */
export function parseAvroSchema(json: unknown): AvroType {
  const named = new Map<string, Named>();

  function parse(schema: unknown, namespace: string, depth: number): AvroType {
    if (depth > MAX_DEPTH) throw new CorruptAvroError(`the schema nests deeper than ${MAX_DEPTH} levels`);
    if (typeof schema === "string") return reference(schema, namespace);
    if (Array.isArray(schema)) {
      const branches = schema.map((branch) => parse(branch, namespace, depth + 1));
      if (branches.some((b) => b.kind === "union")) throw new CorruptAvroError("the schema has a union inside a union");
      return { kind: "union", branches };
    }
    if (schema === null || typeof schema !== "object") {
      throw new CorruptAvroError(`the schema has ${JSON.stringify(schema)} where a type belongs`);
    }
    const node = schema as Record<string, unknown>;
    const type = node.type;
    if (typeof type !== "string") return parse(type, namespace, depth + 1);
    switch (type) {
      case "record":
      case "error": {
        const [name, space] = define(node, namespace);
        const record: AvroType = { kind: "record", name, fields: [] };
        named.set(name, record);
        if (!Array.isArray(node.fields)) throw new CorruptAvroError(`record "${name}" has no list of fields`);
        const seen = new Set<string>();
        for (const field of node.fields as unknown[]) {
          const f = (field ?? {}) as Record<string, unknown>;
          if (typeof f.name !== "string") throw new CorruptAvroError(`a field of record "${name}" has no name`);
          if (seen.has(f.name)) throw new CorruptAvroError(`record "${name}" has two fields named "${f.name}"`);
          seen.add(f.name);
          if (!("type" in f)) throw new CorruptAvroError(`field "${f.name}" of record "${name}" has no type`);
          record.fields.push({ name: f.name, type: parse(f.type, space, depth + 1) });
        }
        return record;
      }
      case "enum": {
        const [name] = define(node, namespace);
        const symbols = node.symbols;
        if (!Array.isArray(symbols) || !symbols.every((s) => typeof s === "string")) {
          throw new CorruptAvroError(`enum "${name}" has no list of symbols`);
        }
        const result: Named = { kind: "enum", name, symbols: symbols as string[] };
        named.set(name, result);
        return result;
      }
      case "fixed": {
        const [name] = define(node, namespace);
        if (!Number.isSafeInteger(node.size) || (node.size as number) < 0) {
          throw new CorruptAvroError(`fixed "${name}" has no valid size`);
        }
        const result: Named = { kind: "fixed", name, size: node.size as number, ...logical(node) };
        named.set(name, result);
        return result;
      }
      case "array":
        return { kind: "array", items: parse(node.items, namespace, depth + 1) };
      case "map":
        return { kind: "map", values: parse(node.values, namespace, depth + 1) };
      default: {
        if (!(PRIMITIVES as readonly string[]).includes(type)) return reference(type, namespace);
        return { kind: "primitive", name: type as PrimitiveName, ...logical(node) };
      }
    }
  }

  /** The full name and namespace of a named type's definition; refuses a redefinition. */
  function define(node: Record<string, unknown>, namespace: string): [string, string] {
    if (typeof node.name !== "string" || node.name === "") throw new CorruptAvroError(`a ${node.type} has no name`);
    const space = typeof node.namespace === "string" ? node.namespace : namespace;
    const full = node.name.includes(".") || space === "" ? node.name : `${space}.${node.name}`;
    if (named.has(full)) throw new CorruptAvroError(`the schema defines "${full}" twice`);
    return [full, full.includes(".") ? full.slice(0, full.lastIndexOf(".")) : ""];
  }

  function reference(name: string, namespace: string): AvroType {
    if ((PRIMITIVES as readonly string[]).includes(name)) return { kind: "primitive", name: name as PrimitiveName };
    const found = (namespace && !name.includes(".") && named.get(`${namespace}.${name}`)) || named.get(name);
    if (!found) throw new CorruptAvroError(`the schema refers to an unknown type "${name}"`);
    return found;
  }

  return parse(json, "", 0);
}

function logical(node: Record<string, unknown>): LogicalAttributes {
  const attributes: LogicalAttributes = {};
  if (typeof node.logicalType === "string") attributes.logicalType = node.logicalType;
  if (typeof node.precision === "number") attributes.precision = node.precision;
  if (typeof node.scale === "number") attributes.scale = node.scale;
  return attributes;
}
