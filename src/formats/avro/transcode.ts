import pl, { type DataType } from "nodejs-polars";
import { type AvroCursor, AvroOutput } from "./binary";
import { decimalPlan, durationPlan, logicalPrimitivePlan, uuidFixedPlan } from "./logical-plans";
import { direct, type Step, type ValuePlan } from "./plan";
import type { AvroType, PrimitiveName } from "./schema";
import { readBoolean, readValue, valueText } from "./value-text";

/** The columns of the frame and how a source record becomes a row. */
export interface FramePlan {
  schema: { type: "record"; name: string; fields: { name: string; type: unknown }[] };
  write: Step;
  columns: { name: string; dtype: DataType | undefined; cast: boolean }[];
  minSize: number;
}

/** Items of an array may claim at most this many zero-byte values (arrays of "null") per block. */
const MAX_EMPTY_ITEMS = 1 << 24;

/**
 * The plan for a file whose records have type `root`: a record's fields are the columns;
 * any other top-level type becomes one column named "value".
 */
export function planFrame(root: AvroType): FramePlan {
  const planner = new Planner();
  if (root.kind === "record" && root.fields.length > 0) {
    planner.open.add(root);
    const fields = root.fields.map((field) => ({ name: field.name, plan: planner.plan(field.type) }));
    const steps = fields.map((f) => f.plan.write);
    return {
      schema: { type: "record", name: "Row", fields: fields.map((f) => ({ name: f.name, type: f.plan.schema })) },
      write: (src, out) => {
        for (const step of steps) step(src, out);
      },
      columns: fields.map((f) => ({ name: f.name, dtype: f.plan.dtype, cast: f.plan.cast })),
      minSize: fields.reduce((sum, f) => sum + f.plan.minSize, 0),
    };
  }
  const value = planner.plan(root);
  return {
    schema: { type: "record", name: "Row", fields: [{ name: "value", type: value.schema }] },
    write: value.write,
    columns: [{ name: "value", dtype: value.dtype, cast: value.cast }],
    minSize: value.minSize,
  };
}

/** Values carried as text (a union of several types, a recursive or empty record): see `valueText`. */
export function textPlan(type: AvroType, minSize: number): ValuePlan {
  const encoder = new TextEncoder();
  return {
    schema: ["null", "string"],
    nullable: true,
    write: (src, out) => {
      const text = valueText(readValue(type, src));
      if (text === null) {
        out.byte(0);
      } else {
        out.byte(2);
        out.lengthPrefixed(encoder.encode(text));
      }
    },
    dtype: pl.Utf8,
    cast: false,
    minSize,
  };
}

class Planner {
  /** Records being planned: meeting one again inside itself means the schema is recursive. */
  readonly open = new Set<AvroType>();
  private names = 0;

  recordName(): string {
    return `r${++this.names}`;
  }

  plan(type: AvroType): ValuePlan {
    switch (type.kind) {
      case "primitive":
        return logicalPrimitivePlan(type) ?? primitivePlan(type.name);
      case "fixed":
        return (
          decimalPlan(type) ??
          uuidFixedPlan(type) ??
          durationPlan(type, () => this.recordName()) ??
          fixedPlan(type.size)
        );
      case "enum":
        return enumPlan(type.symbols);
      case "array": {
        const items = this.plan(type.items);
        const write = blocksStep(items.minSize, items.write);
        return derived({ type: "array", items: items.schema }, write, [items], (d) => pl.List(d[0] as DataType), 1);
      }
      case "map":
        return this.mapPlan(this.plan(type.values));
      case "record":
        return this.recordPlan(type);
      case "union":
        return this.unionPlan(type.branches);
    }
  }

  private recordPlan(type: Extract<AvroType, { kind: "record" }>): ValuePlan {
    if (type.fields.length === 0 || this.open.has(type)) return textPlan(type, 0);
    this.open.add(type);
    const fields = type.fields.map((field) => ({ name: field.name, plan: this.plan(field.type) }));
    this.open.delete(type);
    const steps = fields.map((f) => f.plan.write);
    return derived(
      { type: "record", name: this.recordName(), fields: fields.map((f) => ({ name: f.name, type: f.plan.schema })) },
      (src, out) => {
        for (const step of steps) step(src, out);
      },
      fields.map((f) => f.plan),
      (dtypes) => pl.Struct(fields.map((f, i) => pl.Field.from(f.name, dtypes[i] as DataType))),
      fields.reduce((sum, f) => sum + f.plan.minSize, 0),
    );
  }

  /** A map becomes a list of {key, value} structs, in the file's order (as Arrow and Polars represent maps). */
  private mapPlan(values: ValuePlan): ValuePlan {
    const entry = {
      type: "record",
      name: this.recordName(),
      fields: [
        { name: "key", type: "string" },
        { name: "value", type: values.schema },
      ],
    };
    const write = blocksStep(1 + values.minSize, (src, out) => {
      src.copyLengthPrefixed(out);
      values.write(src, out);
    });
    return derived({ type: "array", items: entry }, write, [values], (d) => mapDtype(d[0] as DataType), 1);
  }

  private unionPlan(branches: AvroType[]): ValuePlan {
    const last = branches.length - 1;
    const isNull = branches.map((b) => b.kind === "primitive" && b.name === "null");
    const others = branches.filter((_, i) => !isNull[i]);
    const hasNull = isNull.includes(true);
    const minSize = 1;
    if (others.length === 0) return direct(["null", "string"], (src, out) => nullOf(src, last, out), pl.Utf8, minSize);
    const only = others[0];
    if (others.length === 1 && only) {
      const inner = this.plan(only);
      const write: Step = (src, out) => {
        if (isNull[src.count("a union branch", last)]) {
          out.byte(0);
          return;
        }
        if (!inner.nullable) out.byte(2);
        inner.write(src, out);
      };
      const schema = inner.nullable ? inner.schema : ["null", inner.schema];
      return { ...inner, schema, nullable: true, write, minSize: minSize + (hasNull ? 0 : inner.minSize) };
    }
    const numeric = widestNumber(others);
    if (numeric === undefined) return textPlan({ kind: "union", branches }, minSize);
    return {
      schema: ["null", numeric],
      nullable: true,
      write: (src, out) => {
        const branch = branches[src.count("a union branch", last)] as AvroType;
        const value = readValue(branch, src) as number | bigint | null;
        if (value === null) {
          out.byte(0);
          return;
        }
        out.byte(2);
        if (numeric === "long") out.long(value);
        else out.double(Number(value));
      },
      dtype: numeric === "long" ? pl.Int64 : pl.Float64,
      cast: false,
      minSize,
    };
  }
}

/** A composite's plan: its dtype is built from the children's when all of theirs are known. */
function derived(
  schema: unknown,
  write: Step,
  children: ValuePlan[],
  build: (dtypes: (DataType | undefined)[]) => DataType,
  minSize: number,
): ValuePlan {
  const dtypes = children.map((c) => c.dtype);
  const dtype = dtypes.every((d) => d !== undefined) ? build(dtypes) : undefined;
  return { schema, nullable: false, write, dtype, cast: children.some((c) => c.cast), minSize };
}

export function mapDtype(value: DataType): DataType {
  return pl.List(pl.Struct([pl.Field.from("key", pl.Utf8), pl.Field.from("value", value)]));
}

/** The widest number type of a union's branches when all are numbers, else undefined. */
function widestNumber(types: AvroType[]): "long" | "double" | undefined {
  const names = types.map((t) => (t.kind === "primitive" ? t.name : undefined));
  if (names.every((n) => n === "int" || n === "long")) return "long";
  if (names.every((n) => n === "int" || n === "long" || n === "float" || n === "double")) return "double";
  return undefined;
}

function nullOf(src: AvroCursor, last: number, out: AvroOutput): void {
  src.count("a union branch", last);
  out.byte(0);
}

/** The steps of the primitive types: varints and fixed-width numbers are copied as they are. */
function primitivePlan(name: PrimitiveName): ValuePlan {
  switch (name) {
    case "null":
      return direct(["null", "string"], (_src, out) => out.byte(0), pl.Utf8, 0);
    case "boolean":
      return direct("boolean", (src, out) => out.byte(readBoolean(src) ? 1 : 0), pl.Bool, 1);
    case "int":
      return direct("int", (src, out) => src.copyVarint(out, 5, 0x0f), pl.Int32, 1);
    case "long":
      return direct("long", (src, out) => src.copyVarint(out, 10, 0x01), pl.Int64, 1);
    case "float":
      return direct("float", (src, out) => src.copyBytes(out, 4), pl.Float32, 4);
    case "double":
      return direct("double", (src, out) => src.copyBytes(out, 8), pl.Float64, 8);
    case "bytes":
      return direct("bytes", (src, out) => src.copyLengthPrefixed(out), undefined, 1);
    case "string":
      return direct("string", (src, out) => src.copyLengthPrefixed(out), pl.Utf8, 1);
  }
}

function fixedPlan(size: number): ValuePlan {
  return direct(
    "bytes",
    (src, out) => {
      out.long(size);
      src.copyBytes(out, size);
    },
    undefined,
    size,
  );
}

/** An enum becomes its symbol as text. */
function enumPlan(symbols: string[]): ValuePlan {
  const encoded = symbols.map((symbol) => {
    const out = new AvroOutput(symbol.length * 3 + 10);
    out.lengthPrefixed(new TextEncoder().encode(symbol));
    return out.view();
  });
  const last = symbols.length - 1;
  const write: Step = (src, out) => {
    const symbol = encoded[src.count("an enum index", last)] as Uint8Array;
    out.copy(symbol, 0, symbol.length);
  };
  return direct("string", write, pl.Utf8, 1);
}

/** Array and map items: blocks of a count (negative: followed by a byte size, skipped), ending with 0. */
function blocksStep(itemMinSize: number, item: Step): Step {
  return (src, out) => {
    for (;;) {
      let n = src.long();
      if (n === 0) {
        out.byte(0);
        return;
      }
      if (typeof n !== "number") return src.fail(`a block of ${n} items is too large`);
      if (n < 0) {
        n = -n;
        src.count("a block size", src.remaining);
      }
      const fits = itemMinSize > 0 ? n * itemMinSize <= src.remaining : n <= MAX_EMPTY_ITEMS;
      if (!fits) src.fail(`a block of ${n} items cannot fit in the ${src.remaining} bytes left`);
      out.long(n);
      for (let i = 0; i < n; i++) item(src, out);
    }
  };
}
