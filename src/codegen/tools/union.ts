import type { UnionConfig } from "../../tools/union/schema";
import { pyStr } from "../python-text";
import type { PythonHelper, ToolCodegen } from "../types";

/** The Python of Weft's Union (union/index.ts): matching columns needs every input's schema. */
export const UNION_HELPER: PythonHelper = {
  name: "union_frames",
  source: `def union_frames(frames: list, mode: str, fill_missing: bool) -> pl.LazyFrame:
    """Weft's Union: stacks the frames in wire order; one frame passes through unchanged.

    by_name matches columns by name: the first input's order, then new names as they appear;
    a column an input lacks is null there (an error when fill_missing is False). by_position
    matches them by place, under the first input's names. Types are widened to a common one
    (Int32 + Int64 -> Int64, integer + float -> Float64, Date + Datetime -> Datetime); text is
    never stacked with other types.
    """
    if len(frames) == 1:
        return frames[0]
    schemas = [frame.collect_schema() for frame in frames]
    total = len(frames)
    if mode == "by_position":
        names = schemas[0].names()
        for i, schema in enumerate(schemas):
            if len(schema) != len(names):
                raise ValueError(
                    f"By position, every input needs the same number of columns: input 1 has {len(names)} "
                    f"({', '.join(names)}), input {i + 1} of {total} has {len(schema)} ({', '.join(schema.names())})"
                )
        frames = [
            frame.select(pl.col(old).alias(new) for old, new in zip(schema.names(), names))
            for frame, schema in zip(frames, schemas)
        ]
        schemas = [frame.collect_schema() for frame in frames]
    names = list(dict.fromkeys(name for schema in schemas for name in schema.names()))
    for name in names:
        types = [schema[name] for schema in schemas if name in schema and schema[name] != pl.Null]
        textual = [t == pl.String or isinstance(t, (pl.Categorical, pl.Enum)) for t in types]
        if any(textual) and not all(textual):
            raise ValueError(f'Column "{name}" is text in one input and {types[textual.index(False)]} in another: these types cannot be stacked; cast one of them first')
    if mode == "by_name" and not fill_missing:
        for i, schema in enumerate(schemas):
            missing = [name for name in names if name not in schema]
            if missing:
                raise ValueError(
                    f'Union input {i + 1} of {total} has no column "{missing[0]}" (its columns: '
                    f"{', '.join(schema.names())}); turn on fill_missing to fill it with nulls"
                )
    return pl.concat(frames, how="diagonal_relaxed")`,
};

/** Union: union_frames stacks every wired input, in wire order. */
export const unionCodegen: ToolCodegen<UnionConfig> = (config, inputs, ctx) => {
  const frames = inputs.input ?? [];
  const out = ctx.outputs.output as string;
  if (frames.length === 1) return ["# One input passes through unchanged.", `${out} = ${frames[0]}`];
  const call = `${ctx.helper(UNION_HELPER)}([${frames.join(", ")}], mode=${pyStr(config.mode)}, fill_missing=${config.fill_missing ? "True" : "False"})`;
  return [`${out} = ${call}`];
};
