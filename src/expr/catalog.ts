import pl from "nodejs-polars";
import { FUNCTIONS } from "./catalog-functions";
import { LIST_METHODS } from "./catalog-list";
import { GENERAL_METHODS } from "./catalog-methods";
import { NUMERIC_METHODS } from "./catalog-numeric";
import { STRING_METHODS } from "./catalog-string";
import { TEMPORAL_METHODS } from "./catalog-temporal";
import { hasNative } from "./native";
import type { Entry, Namespace } from "./params";

/**
 * The allowlist: every `pl.<function>` and expression method an expression may call, by
 * namespace (`pl`, `""` for `<expr>.<m>`, `str`, `dt`, `list`), each with its Python
 * signature, how it maps onto nodejs-polars and its introspection category. An entry whose
 * nodejs-polars member is missing in the installed version is dropped: the checker refuses
 * it and acceptedFunctions() does not list it.
 */

export type { Entry, FunctionEntry, MethodEntry, Namespace } from "./params";

/** Every entry written in the catalogue, available or not. */
export const CATALOG: readonly Entry[] = [
  ...FUNCTIONS,
  ...GENERAL_METHODS,
  ...NUMERIC_METHODS,
  ...STRING_METHODS,
  ...TEMPORAL_METHODS,
  ...LIST_METHODS,
];

/** The namespaces an expression reaches with `<expr>.<namespace>.<method>()`. */
export const METHOD_NAMESPACES: ReadonlySet<string> = new Set(["str", "dt", "list"]);

/** Whether the installed nodejs-polars has a member named as in `Entry.uses`. */
export type Probe = (member: string) => boolean;

function hasFunction(target: unknown, name: string): boolean {
  return typeof (target as Record<string, unknown> | undefined)?.[name] === "function";
}

/** Looks the member up in the installed nodejs-polars. */
export const installedProbe: Probe = (member) => {
  const dot = member.indexOf(".");
  const where = member.slice(0, dot);
  const name = member.slice(dot + 1);
  const expr = pl.col("x");
  switch (where) {
    case "pl":
      return hasFunction(pl, name);
    case "expr":
      return hasFunction(expr, name);
    case "str":
      return hasFunction(expr.str, name);
    case "dt":
      return hasFunction(expr.dt, name);
    case "list":
      return hasFunction(expr.list, name);
    case "native":
      return hasNative(name);
    default:
      return false;
  }
};

/** True when every member the entry uses exists. */
export function isAvailable(entry: Entry, probe: Probe = installedProbe): boolean {
  return entry.uses.every(probe);
}

let available: Map<string, Entry> | undefined;

const key = (namespace: Namespace, name: string) => `${namespace}:${name}`;

/** The available entries by namespace and name (computed once; clearCatalogCache() starts over). */
function availableMap(): Map<string, Entry> {
  if (!available) {
    available = new Map();
    for (const entry of CATALOG) if (isAvailable(entry)) available.set(key(entry.namespace, entry.name), entry);
  }
  return available;
}

/** The available entry for `pl.<name>` (namespace "pl") or a method, if any. */
export function lookup(namespace: Namespace, name: string): Entry | undefined {
  return availableMap().get(key(namespace, name));
}

/** Every available entry, in catalogue order. */
export function availableEntries(): Entry[] {
  return [...availableMap().values()];
}

/** Forgets which entries are available (for refreshAcceptedFunctions). */
export function clearCatalogCache(): void {
  available = undefined;
}

/** The Python name of an entry whose nodejs-polars name is `jsName`, for "did you mean" hints. */
export function pythonNameOf(namespace: Namespace, jsName: string): string | undefined {
  const prefix = namespace === "pl" ? "pl." : namespace === "" ? "expr." : `${namespace}.`;
  return availableEntries().find((e) => e.namespace === namespace && e.uses[0] === `${prefix}${jsName}`)?.name;
}
