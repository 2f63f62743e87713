/**
 * Unique column names for a frame (Polars refuses duplicates): the first of each name keeps
 * it, a repeat gets the first free `_N` suffix (N from 1) — the second `a` becomes `a_1`,
 * the third `a_2` — never taking a name that appears elsewhere in the list, so a later
 * "a_1" keeps its own name.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 1;
    while (taken.has(`${name}_${n}`)) n++;
    const unique = `${name}_${n}`;
    taken.add(unique);
    return unique;
  });
}
