import { ToolConfigError } from "../shared/errors";

// Checks of the names in a config that need no data and no Polars, shared by the tools and
// their Python generators (src/codegen), so both refuse with the same message.

/** Throws ToolConfigError when a name appears twice in a list that must not repeat. */
export function requireDistinct(names: readonly string[], what: string, ctx: { toolId: string }): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new ToolConfigError(ctx.toolId, `Column "${name}" appears twice in ${what}`);
    seen.add(name);
  }
}
