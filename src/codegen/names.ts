import { identifierFrom, isPythonKeyword } from "./python-text";

/**
 * Names the generated script uses for itself (modules, helpers, main) and builtins a
 * variable must not shadow: a tool labelled "pl" or "print" gets `pl_2`, `print_2`.
 */
const RESERVED = [
  "pl",
  "os",
  "re",
  "random",
  "shutil",
  "tempfile",
  "datetime",
  "main",
  "print",
  "len",
  "list",
  "dict",
  "str",
  "int",
  "float",
  "bool",
  "set",
  "tuple",
  "type",
  "min",
  "max",
  "sum",
  "range",
  "zip",
  "map",
  "filter",
  "open",
  "input",
  "id",
  "object",
  "all",
  "any",
  "format",
  "hash",
  "iter",
  "next",
  "sorted",
  "vars",
  "exec",
  "eval",
  "compile",
  "globals",
  "locals",
  "json",
  "math",
  "decimal",
  "PREVIEW_ROWS",
  // The helpers' names (src/codegen/tools/*.ts, prelude.ts), whichever a script defines.
  "filter_condition",
  "join_frames",
  "union_frames",
  "pivot_frame",
  "unpivot_frame",
  "scan_json",
  "read_qvd",
  "read_yxdb",
  "write_file",
  "show",
];

/**
 * Hands out unique Python identifiers: each name is derived from free text (identifierFrom),
 * then `_2`, `_3`, ... is added until it is neither taken, reserved nor a keyword.
 */
export class Namer {
  private readonly taken = new Set<string>(RESERVED);

  /** Marks names as used (a helper's function name). */
  reserve(...names: string[]): void {
    for (const name of names) this.taken.add(name);
  }

  /** A fresh identifier from `text` (`fallback` when the text gives none). */
  fresh(text: string, fallback: string): string {
    return this.unique(identifierFrom(text, fallback));
  }

  /**
   * A fresh identifier for `base` and each suffix (`orders_true`, `orders_false`): the base is
   * bumped until every suffixed name is free, so the names of one tool share one stem.
   */
  freshGroup(text: string, fallback: string, suffixes: readonly string[]): Record<string, string> {
    const base = identifierFrom(text, fallback);
    for (let n = 1; ; n++) {
      const stem = n === 1 ? base : `${base}_${n}`;
      const names = suffixes.map((s) => (s === "" ? stem : `${stem}_${s}`));
      if (names.every((name) => this.free(name))) {
        for (const name of names) this.taken.add(name);
        return Object.fromEntries(suffixes.map((s, i) => [s, names[i] as string]));
      }
    }
  }

  private free(name: string): boolean {
    return !this.taken.has(name) && !isPythonKeyword(name);
  }

  private unique(base: string): string {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}_${n}`;
      if (this.free(name)) {
        this.taken.add(name);
        return name;
      }
    }
  }
}
