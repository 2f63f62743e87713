import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { dtypeName } from "../dtype";
import { columnNames, schemaEntries } from "../schema-of";
import { supertype } from "../supertype";
import { defineTool, type Frame, type FrameSchema } from "../types";
import { unionMeta } from "./meta";
import type { UnionConfig } from "./schema";

/** One output column: its name and the type every input is cast to. */
interface TargetColumn {
  name: string;
  dtype: DataType;
  /** The input (0-based) whose type the column has so far, for messages. */
  from: number;
}

const ordinal = (i: number, total: number) => `input ${i + 1} of ${total}`;

function widen(target: TargetColumn, dtype: DataType, index: number, total: number, label: string, toolId: string) {
  const wider = supertype(target.dtype, dtype);
  if (!wider) {
    throw new ToolConfigError(
      toolId,
      `Column ${label} is ${dtypeName(dtype)} in ${ordinal(index, total)} but ${dtypeName(target.dtype)} in input ${target.from + 1}: ` +
        "these types cannot be stacked; cast one of them first",
    );
  }
  if (!wider.equals(target.dtype)) {
    target.dtype = wider;
    target.from = index;
  }
}

/** Columns matched by name: the first input's order, then new names in order of appearance. */
function planByName(schemas: FrameSchema[], fillMissing: boolean, toolId: string): TargetColumn[] {
  const targets = new Map<string, TargetColumn>();
  schemas.forEach((schema, index) => {
    for (const [name, dtype] of schemaEntries(schema)) {
      const target = targets.get(name);
      if (target) widen(target, dtype, index, schemas.length, `"${name}"`, toolId);
      else targets.set(name, { name, dtype, from: index });
    }
  });
  if (!fillMissing) {
    schemas.forEach((schema, index) => {
      const missing = [...targets.keys()].find((name) => !Object.hasOwn(schema, name));
      if (missing !== undefined) {
        throw new ToolConfigError(
          toolId,
          `Union ${ordinal(index, schemas.length)} has no column "${missing}" (its columns: ${columnNames(schema).join(", ")}); ` +
            "turn on fill_missing to fill it with nulls",
        );
      }
    });
  }
  return [...targets.values()];
}

/** Columns matched by place; the names come from the first input. */
function planByPosition(schemas: FrameSchema[], toolId: string): TargetColumn[] {
  const first = schemas[0] ? schemaEntries(schemas[0]) : [];
  const targets = first.map(([name, dtype]) => ({ name, dtype, from: 0 }));
  // Counts first, so a missing column is not reported as a type clash of the next one.
  schemas.forEach((schema, index) => {
    const names = columnNames(schema);
    if (names.length !== first.length) {
      throw new ToolConfigError(
        toolId,
        `By position, every input needs the same number of columns: input 1 has ${first.length} (${first.map(([n]) => n).join(", ")}), ` +
          `${ordinal(index, schemas.length)} has ${names.length} (${names.join(", ")})`,
      );
    }
  });
  schemas.forEach((schema, index) => {
    schemaEntries(schema).forEach(([name, dtype], position) => {
      const target = targets[position] as TargetColumn;
      const label = name === target.name ? `"${name}"` : `${position + 1} ("${target.name}"; "${name}" in that input)`;
      widen(target, dtype, index, schemas.length, label, toolId);
    });
  });
  return targets;
}

/** The expression that gives target column `position` from one input. */
function columnExpr(target: TargetColumn, source: string | undefined, sourceType: DataType | undefined): pl.Expr {
  if (source === undefined || sourceType === undefined) return pl.lit(null).cast(target.dtype).alias(target.name);
  const col = pl.col(source);
  const typed = sourceType.equals(target.dtype) ? col : col.cast(target.dtype, true);
  return source === target.name ? typed : typed.alias(target.name);
}

/**
 * Union: stacks the frames wired into `input`, in wire order, without reading data. Every
 * input is first brought to one schema (names matched as `mode` says, types widened by
 * `supertype`, missing columns as typed nulls), then concatenated vertically. One input
 * passes through unchanged.
 */
export const unionTool = defineTool(unionMeta, {
  keepsRows: true,
  build(inputs, config: UnionConfig, ctx) {
    const frames: Frame[] = inputs.input ?? [];
    const [first] = frames;
    if (!first) throw new ToolConfigError(ctx.toolId, "Union needs at least one wire into its input");
    if (frames.length === 1) return { output: first };
    const schemas = frames.map((frame) => ctx.schemaOf(frame));
    const targets =
      config.mode === "by_name"
        ? planByName(schemas, config.fill_missing, ctx.toolId)
        : planByPosition(schemas, ctx.toolId);
    const aligned = frames.map((frame, index) => {
      const schema = schemas[index] as FrameSchema;
      const names = columnNames(schema);
      const exprs = targets.map((target, position) => {
        const source =
          config.mode === "by_name" ? (Object.hasOwn(schema, target.name) ? target.name : undefined) : names[position];
        return columnExpr(target, source, source === undefined ? undefined : schema[source]);
      });
      return frame.select(...exprs);
    });
    return { output: pl.concat(aligned, { how: "vertical" }) };
  },
});
