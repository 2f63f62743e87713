import { ToolConfigError } from "../../shared/errors";

/**
 * The names Unpivot adds must differ from each other and from the index columns. Without
 * Polars: the tool (index.ts) and its Python generator (src/codegen/tools/unpivot.ts) both check it.
 */
export function checkOutputNames(
  index: readonly string[],
  variableName: string,
  valueName: string,
  ctx: { toolId: string },
): void {
  if (variableName === valueName) {
    throw new ToolConfigError(ctx.toolId, `variable_name and value_name are both "${valueName}": they must differ`);
  }
  for (const [field, name] of [
    ["variable_name", variableName],
    ["value_name", valueName],
  ] as const) {
    if (index.includes(name)) {
      throw new ToolConfigError(ctx.toolId, `${field} "${name}" is already an index column: choose another name`);
    }
  }
}
