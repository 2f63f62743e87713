import { availableEntries, clearCatalogCache } from "./catalog";

/**
 * The names the expression checker accepts, as `/api/polars/functions` and
 * `/api/workflow/tool/metadata` serve them: exactly the catalogue entries whose nodejs-polars
 * members exist in the installed version.
 */
export interface AcceptedFunctions {
  /** The `pl.<function>` names. */
  table_level: string[];
  column_methods: {
    /** Every expression method (`<expr>.<name>`), plus the `.list` methods as `list.<name>`. */
    all: string[];
    /** The `.str` methods. */
    string: string[];
    /** The expression methods for numbers (a subset of `all`). */
    numeric: string[];
    /** The `.dt` methods. */
    datetime: string[];
  };
}

let cached: AcceptedFunctions | undefined;

/** The accepted names, introspected once and cached; refreshAcceptedFunctions() starts over. */
export function acceptedFunctions(): AcceptedFunctions {
  if (cached) return cached;
  const entries = availableEntries();
  const names = (keep: (e: (typeof entries)[number]) => boolean) =>
    entries
      .filter(keep)
      .map((e) => e.name)
      .sort();
  cached = {
    table_level: names((e) => e.namespace === "pl"),
    column_methods: {
      all: [...names((e) => e.namespace === ""), ...names((e) => e.namespace === "list").map((name) => `list.${name}`)],
      string: names((e) => e.namespace === "str"),
      numeric: names((e) => e.namespace === "" && e.category === "numeric"),
      datetime: names((e) => e.namespace === "dt"),
    },
  };
  return cached;
}

/** Clears the cached lists (and which catalogue entries the installed nodejs-polars supports). */
export function refreshAcceptedFunctions(): void {
  cached = undefined;
  clearCatalogCache();
}
