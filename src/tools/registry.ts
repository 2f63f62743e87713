import { calculateTool } from "./calculate";
import { filterTool } from "./filter";
import { formulaTool } from "./formula";
import { inputTool } from "./input";
import { joinTool } from "./join";
import { outputTool } from "./output";
import { pivotTool } from "./pivot";
import { sampleTool } from "./sample";
import { selectTool } from "./select";
import { sortTool } from "./sort";
import { summarizeTool } from "./summarize";
import type { ToolDef, ToolType } from "./types";
import { unionTool } from "./union";
import { unpivotTool } from "./unpivot";

/**
 * Every tool type, one typed map (decisions.md: the 13). The engine keys a tool as
 * `core/polars::<type>`; there is one engine, so the type alone finds it here.
 */
// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own config type
export const TOOLS: { readonly [T in ToolType]: ToolDef<any> } = {
  input: inputTool,
  output: outputTool,
  filter: filterTool,
  select: selectTool,
  sort: sortTool,
  formula: formulaTool,
  join: joinTool,
  union: unionTool,
  summarize: summarizeTool,
  calculate: calculateTool,
  pivot: pivotTool,
  unpivot: unpivotTool,
  sample: sampleTool,
};

/** The registry key of a tool type with its engine. */
export function registryKey(type: ToolType): string {
  return `core/polars::${type}`;
}
