import pl from "nodejs-polars";
import { SafetyLimitError, ToolConfigError } from "../../shared/errors";
import { columnNames } from "../schema-of";
import { defineTool, type Frame, type ToolContext, type ToolInputs, type ToolOutputs } from "../types";
import { freshName, rightOutputNames } from "./columns";
import { type KeyPair, resolveKeys } from "./keys";
import { joinMeta } from "./meta";
import type { JoinConfig } from "./schema";

type KeyedHow = "inner" | "left" | "right" | "full";

function single(inputs: ToolInputs, socket: string, toolId: string): Frame {
  const frame = inputs[socket]?.[0];
  if (!frame) throw new ToolConfigError(toolId, `Join needs a wire into "${socket}"`);
  return frame;
}

function countRows(frame: Frame): number {
  const counted = frame.select(pl.len().alias("n")).collectSync({ engine: "streaming" } as never);
  return Number(counted.getColumn("n").get(0));
}

/** Cross join: every left row with every right row, after checking the size against the limit. */
function buildCross(left: Frame, right: Frame, config: JoinConfig, ctx: ToolContext): ToolOutputs {
  const leftNames = columnNames(ctx.schemaOf(left));
  const rightNames = columnNames(ctx.schemaOf(right));
  const renames = rightOutputNames(leftNames, rightNames, config.suffix, ctx.toolId);
  const leftRows = countRows(left);
  const rightRows = countRows(right);
  const wouldBe = leftRows * rightRows;
  const limit = ctx.limits.maxCrossJoinRows;
  if (wouldBe > limit) {
    throw new SafetyLimitError(
      `Cross join of ${leftRows} left rows by ${rightRows} right rows would make ${wouldBe} rows, over the limit of ${limit} (MAX_CROSS_JOIN_ROWS)`,
      limit,
      wouldBe,
    );
  }
  return {
    "output-left": left.limit(0),
    "output-match": left.join(right.rename(Object.fromEntries(renames)), {
      how: "cross",
      maintainOrder: "left_right",
    } as never),
    "output-right": right.limit(0),
  };
}

/**
 * Keyed joins. Each side gets helper key columns cast to the pair's common type (so Int32
 * meets Int64, and the originals keep their types), the right side's columns take their
 * output names up front, and the join runs with `coalesce: false` on names that cannot
 * collide; the output columns are then picked explicitly, so no Polars version's naming or
 * coalescing rules leak into what the user sees.
 */
function buildKeyed(
  left: Frame,
  right: Frame,
  how: KeyedHow,
  keys: KeyPair[],
  config: JoinConfig,
  ctx: ToolContext,
): ToolOutputs {
  const leftNames = columnNames(ctx.schemaOf(left));
  const rightNames = columnNames(ctx.schemaOf(right));
  const rightKeys = new Set(keys.map((k) => k.right));
  // Only a full join keeps the right keys: elsewhere the left key column holds the matched value.
  const kept = how === "full" ? rightNames : rightNames.filter((name) => !rightKeys.has(name));
  const renames = rightOutputNames(leftNames, kept, config.suffix, ctx.toolId);
  const used = new Set([...leftNames, ...rightNames, ...renames.values()]);
  const leftTmp = keys.map((_, i) => freshName(`__weft_left_key_${i}`, used));
  const rightTmp = keys.map((_, i) => freshName(`__weft_right_key_${i}`, used));
  const leftKeyed = left.withColumns(
    ...keys.map((k, i) =>
      pl
        .col(k.left)
        .cast(k.dtype, true)
        .alias(leftTmp[i] as string),
    ),
  );
  const rightKeyed = right.withColumns(
    ...keys.map((k, i) =>
      pl
        .col(k.right)
        .cast(k.dtype, true)
        .alias(rightTmp[i] as string),
    ),
  );
  const on = { leftOn: leftTmp, rightOn: rightTmp };

  const rightOut = rightKeyed.select(
    ...kept.map((name) => pl.col(name).alias(renames.get(name) as string)),
    ...rightTmp.map((name) => pl.col(name)),
  );
  const joined = leftKeyed.join(rightOut, {
    ...on,
    how,
    coalesce: false,
    maintainOrder: how === "right" ? "right_left" : "left_right",
  } as never);
  const keyIndex = new Map(keys.map((k, i) => [k.left, i]));
  const leftColumns = leftNames.map((name) => {
    const i = keyIndex.get(name);
    // A right join keeps every right row: its key value comes from the right side.
    return how === "right" && i !== undefined ? pl.col(rightTmp[i] as string).alias(name) : pl.col(name);
  });
  const match = joined.select(...leftColumns, ...kept.map((name) => pl.col(renames.get(name) as string)));

  const unmatchedLeft = leftKeyed
    .join(rightKeyed.select(...rightTmp.map((name) => pl.col(name))), {
      ...on,
      how: "anti",
      maintainOrder: "left",
    } as never)
    .select(...leftNames.map((name) => pl.col(name)));
  const unmatchedRight = rightKeyed
    .join(leftKeyed.select(...leftTmp.map((name) => pl.col(name))), {
      leftOn: rightTmp,
      rightOn: leftTmp,
      how: "anti",
      maintainOrder: "left",
    } as never)
    .select(...rightNames.map((name) => pl.col(name)));
  return { "output-left": unmatchedLeft, "output-match": match, "output-right": unmatchedRight };
}

/**
 * Join. `output-match` carries the join of kind `how`; `output-left` / `output-right` always
 * carry the left / right rows that matched no row of the other side (whatever `how` is; empty
 * for a cross join). Null keys never match, as in SQL: a row with a null in any key is
 * unmatched. Columns: the left input's, then the right input's; the right key columns are
 * dropped except in a full join (where they tell which side a row came from); in a right
 * join the key columns carry the right rows' values under the left names. A right column
 * whose name the left side has gets `suffix`. Rows keep the left input's order (the right
 * input's for a right join), matches of one left row in the right input's order.
 */
export const joinTool = defineTool(joinMeta, {
  build(inputs, config: JoinConfig, ctx) {
    const left = single(inputs, "input-left", ctx.toolId);
    const right = single(inputs, "input-right", ctx.toolId);
    if (config.how === "cross") return buildCross(left, right, config, ctx);
    const keys = resolveKeys(
      config.left_on ?? [],
      config.right_on ?? [],
      ctx.schemaOf(left),
      ctx.schemaOf(right),
      ctx.toolId,
    );
    return buildKeyed(left, right, config.how, keys, config, ctx);
  },
});
