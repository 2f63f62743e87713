import type { z } from "zod";
import { calculateMeta } from "./calculate/meta";
import { filterMeta } from "./filter/meta";
import { formulaMeta } from "./formula/meta";
import { inputMeta } from "./input/meta";
import { joinMeta } from "./join/meta";
import { outputMeta } from "./output/meta";
import { pivotMeta } from "./pivot/meta";
import { sampleMeta } from "./sample/meta";
import { selectMeta } from "./select/meta";
import { sortMeta } from "./sort/meta";
import { summarizeMeta } from "./summarize/meta";
import { TOOL_TYPES, type ToolMeta, type ToolType } from "./tool-meta";
import { unionMeta } from "./union/meta";
import { unpivotMeta } from "./unpivot/meta";

/**
 * Every tool type's description (`<tool>/meta.ts`), the one list of what tools there are. The
 * engine adds a builder to each (registry.ts), code generation a generator
 * (codegen/generators.ts), the designer a configuration form (web/src/config/tools/); the
 * Server serves the config schemas from here without loading Polars. parts.test.ts checks
 * that every tool has each part.
 */
export const TOOL_CATALOG = {
  input: inputMeta,
  output: outputMeta,
  filter: filterMeta,
  select: selectMeta,
  sort: sortMeta,
  formula: formulaMeta,
  join: joinMeta,
  union: unionMeta,
  summarize: summarizeMeta,
  calculate: calculateMeta,
  pivot: pivotMeta,
  unpivot: unpivotMeta,
  sample: sampleMeta,
} as const satisfies { readonly [T in ToolType]: ToolMeta<z.ZodType, T> };

/** The description of a tool type; undefined for a name that is no tool type. */
export function toolMeta(type: string): ToolMeta | undefined {
  return Object.hasOwn(TOOL_CATALOG, type) ? TOOL_CATALOG[type as ToolType] : undefined;
}

/** One value per tool type, made from its description (a map keyed like the catalog). */
export function mapCatalog<V>(make: (meta: ToolMeta) => V): { readonly [T in ToolType]: V } {
  return Object.fromEntries(TOOL_TYPES.map((type) => [type, make(TOOL_CATALOG[type])])) as { [T in ToolType]: V };
}
