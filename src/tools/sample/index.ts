import pl from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { singleInput } from "../column-checks";
import { defineTool, type Frame, type ToolContext } from "../types";
import { sampleMeta } from "./meta";
import type { SampleConfig } from "./schema";

function requireN(config: SampleConfig, ctx: ToolContext): number {
  if (config.n == null)
    throw new ToolConfigError(ctx.toolId, `Sample method "${config.method}" needs n (a whole number, at least 1)`);
  return config.n;
}

/**
 * A random choice of rows that keeps their input order: the row numbers 0..len-1 are
 * shuffled with the seed, and the rows whose shuffled number is below `count` are kept.
 * That picks exactly min(count, len) rows, each subset equally likely, without replacement,
 * and stays a lazy plan (LazyFrame has no `sample` in nodejs-polars 0.26).
 */
function randomRows(input: Frame, count: pl.Expr | number, seed: number): Frame {
  return input.filter(pl.intRange(0, pl.len()).shuffle(seed).lt(count));
}

/**
 * Keeps some of the rows: `first` / `last` n rows; `random` n rows (all rows when the table
 * has fewer); `every_nth` rows 0, n, 2n, ...; `percent` round(fraction × rows) rows, halves
 * rounded up. Random picks keep the input order and are repeatable with `seed`; without one a
 * seed is drawn when the tool is built, so every output collected from one build agrees.
 */
export const sampleTool = defineTool(sampleMeta, {
  build(inputs, config, ctx) {
    const input = singleInput(inputs, "input", ctx);
    const seed = config.seed ?? Math.floor(Math.random() * 2 ** 32);
    switch (config.method) {
      case "first":
        return { output: input.head(requireN(config, ctx)) };
      case "last":
        return { output: input.tail(requireN(config, ctx)) };
      case "every_nth":
        return { output: input.filter(pl.intRange(0, pl.len()).modulo(requireN(config, ctx)).eq(0)) };
      case "random":
        return { output: randomRows(input, requireN(config, ctx), seed) };
      case "percent": {
        if (config.fraction == null) {
          throw new ToolConfigError(
            ctx.toolId,
            'Sample method "percent" needs fraction (a share between 0 and 1: 0.25 = 25 %)',
          );
        }
        return { output: randomRows(input, pl.len().mul(config.fraction).add(0.5).floor(), seed) };
      }
    }
  },
});
