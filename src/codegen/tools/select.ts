import { ToolConfigError, ValidationError } from "../../shared/errors";
import { requireDistinct } from "../../tools/name-checks";
import type { SelectConfig } from "../../tools/select/schema";
import { pythonDtype } from "../python-dtype";
import { pyCol, pyList, pyStr } from "../python-text";
import type { ToolCodegen } from "../types";

function castTarget(name: string, dtype: string, toolId: string): string {
  try {
    return pythonDtype(dtype);
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ToolConfigError(toolId, `Column "${name}": ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * Select: the listed columns in the list's order, renamed and cast (strict casts: a value
 * that does not convert fails the run, as in Weft), then with `keep_others` every column not
 * listed, in input order. Checks that need no data are Weft's, with its messages.
 */
export const selectCodegen: ToolCodegen<SelectConfig> = (config, inputs, ctx) => {
  const listed = config.columns.map((c) => c.name);
  requireDistinct(listed, "columns", ctx);
  const kept = config.columns.filter((c) => c.selected);
  const taken = new Map<string, string>();
  for (const c of kept) {
    const output = c.rename ? c.rename : c.name;
    const earlier = taken.get(output);
    if (earlier !== undefined) {
      throw new ToolConfigError(
        ctx.toolId,
        `Output column "${output}" would appear twice (from "${earlier}" and "${c.name}"): rename one of them`,
      );
    }
    taken.set(output, c.name);
  }
  if (kept.length === 0 && !config.keep_others) {
    throw new ToolConfigError(ctx.toolId, "Select keeps no column: select at least one in columns");
  }
  const exprs = kept.map((c) => {
    const cast = c.dtype ? `.cast(${castTarget(c.name, c.dtype, ctx.toolId)}, strict=True)` : "";
    const alias = c.rename && c.rename !== c.name ? `.alias(${pyStr(c.rename)})` : "";
    return `${pyCol(c.name)}${cast}${alias}`;
  });
  const lines = exprs.map((e) => `    ${e},`);
  if (config.keep_others)
    lines.push("    # The columns not listed, in input order.", `    pl.exclude(${pyList(listed)}),`);
  return [`${ctx.outputs.output} = ${inputs.input?.[0]}.select(`, ...lines, ")"];
};
