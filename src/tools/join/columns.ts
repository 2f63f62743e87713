import { ToolConfigError } from "../../shared/errors";

/**
 * The names of the right input's columns in a join's output. A right column whose name the
 * left side (or an earlier right column) already has gets `suffix`; when that name is taken
 * too, the config is refused rather than inventing a third name the user did not ask for.
 * `kept` lists the right columns that reach the output, in order.
 */
export function rightOutputNames(
  leftNames: string[],
  kept: string[],
  suffix: string,
  toolId: string,
): Map<string, string> {
  const taken = new Set(leftNames);
  const keptSet = new Set(kept);
  const names = new Map<string, string>();
  for (const name of kept) {
    let out = name;
    if (taken.has(name)) {
      out = name + suffix;
      if (taken.has(out) || keptSet.has(out)) {
        throw new ToolConfigError(
          toolId,
          `Suffix "${suffix}" does not make a unique name: right column "${name}" would become "${out}", which already exists; choose another suffix`,
        );
      }
    }
    taken.add(out);
    names.set(name, out);
  }
  return names;
}

/** A column name used by none of `used`, for a helper column that never reaches the output. */
export function freshName(base: string, used: Set<string>): string {
  let name = base;
  while (used.has(name)) name = `_${name}`;
  used.add(name);
  return name;
}
