import { ToolConfigError } from "../shared/errors";

/**
 * The config checks a generator repeats from its tool (src/tools/column-checks.ts), with the
 * same messages, for what can be told without the data.
 */

/** Throws ToolConfigError when a name appears twice in a list that must not repeat. */
export function requireDistinct(names: readonly string[], what: string, toolId: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new ToolConfigError(toolId, `Column "${name}" appears twice in ${what}`);
    seen.add(name);
  }
}
