import { DATE_FUNCTIONS } from "./catalog-dates";
import { CONVERSION_FUNCTIONS, LOGIC_FUNCTIONS } from "./catalog-logic";
import { NUMBER_FUNCTIONS } from "./catalog-numbers";
import { TEXT_FUNCTIONS } from "./catalog-text";
import type { FormulaFunction, ParamSpec, ReturnSpec } from "./function-spec";

/**
 * The Formula tool's function catalogue, in the order the designer lists it. Each entry
 * renders Python-Polars source text that the expression language compiles (the same parse,
 * allowlist check and compile as the Calculate tool's expressions).
 */
export const FORMULA_FUNCTIONS: readonly FormulaFunction[] = [
  ...NUMBER_FUNCTIONS,
  ...TEXT_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...LOGIC_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
];

const BY_NAME = new Map(FORMULA_FUNCTIONS.map((f) => [f.name, f]));

/** The catalogue's function names (the values a formula's `function` may take). */
export const FORMULA_FUNCTION_NAMES = FORMULA_FUNCTIONS.map((f) => f.name) as [string, ...string[]];

/** The catalogue entry of a name, or undefined. */
export function formulaFunction(name: string): FormulaFunction | undefined {
  return BY_NAME.get(name);
}

/** A catalogue entry as the designer sees it: everything but the renderer. */
export interface CatalogueEntry {
  name: string;
  label: string;
  category: FormulaFunction["category"];
  description: string;
  params: ParamSpec[];
  returns: ReturnSpec;
  same_family?: string[][];
}

/**
 * The catalogue as plain JSON, served inside the config's JSON schema under
 * `x-weft-catalogue` (`GET /api/workflow/tool/formula/schema`) so a client builds its form
 * from it: names, labels, categories, descriptions, parameters and return types.
 */
export function formulaCatalogue(): CatalogueEntry[] {
  return FORMULA_FUNCTIONS.map((f) => ({
    name: f.name,
    label: f.label,
    category: f.category,
    description: f.description,
    params: f.params.map((p) => ({ ...p })),
    returns: f.returns,
    ...(f.same_family ? { same_family: f.same_family.map((g) => [...g]) } : {}),
  }));
}
