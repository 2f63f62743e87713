import { ToolConfigError } from "../../shared/errors";
import type { SampleConfig } from "../../tools/sample/schema";
import type { ToolCodegen } from "../types";

/**
 * Sample, lazily as in Weft: first/last n rows, every n-th row (0, n, 2n...), or a random
 * choice that keeps the input order: the row numbers are shuffled with the seed and the rows
 * whose shuffled number is below the count are kept (exactly min(count, rows) rows). Polars'
 * shuffle with a seed picks the same rows in Python as in Weft. Without a seed, one is drawn
 * per run, so every output of the tool agrees within the run.
 */
export const sampleCodegen: ToolCodegen<SampleConfig> = (config, inputs, ctx) => {
  const input = inputs.input?.[0] as string;
  const out = ctx.outputs.output as string;
  const n = () => {
    if (config.n == null) {
      throw new ToolConfigError(ctx.toolId, `Sample method "${config.method}" needs n (a whole number, at least 1)`);
    }
    return config.n;
  };
  const seed = (): [string[], string] => {
    if (config.seed != null) return [[], String(config.seed)];
    ctx.importModule("random");
    const name = ctx.local("seed");
    return [[`${name} = random.randrange(2**32)  # no seed set: a new one each run`], name];
  };
  switch (config.method) {
    case "first":
      return [`${out} = ${input}.head(${n()})`];
    case "last":
      return [`${out} = ${input}.tail(${n()})`];
    case "every_nth":
      return [`${out} = ${input}.filter(pl.int_range(0, pl.len()) % ${n()} == 0)`];
    case "random": {
      const count = n();
      const [lines, s] = seed();
      return [...lines, `${out} = ${input}.filter(pl.int_range(0, pl.len()).shuffle(${s}) < ${count})`];
    }
    case "percent": {
      if (config.fraction == null) {
        throw new ToolConfigError(
          ctx.toolId,
          'Sample method "percent" needs fraction (a share between 0 and 1: 0.25 = 25 %)',
        );
      }
      const [lines, s] = seed();
      return [
        ...lines,
        `# round(fraction × rows) rows, halves rounded up.`,
        `${out} = ${input}.filter(pl.int_range(0, pl.len()).shuffle(${s}) < (pl.len() * ${config.fraction} + 0.5).floor())`,
      ];
    }
  }
};
