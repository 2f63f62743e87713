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
 * Every tool type as the engine runs it: its description (catalog.ts) with its builder, one
 * typed map (decisions.md: the 13). parts.test.ts checks that every catalog entry has one.
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
