import type { ToolType } from "../tools/types";
import { calculateCodegen } from "./tools/calculate";
import { filterCodegen } from "./tools/filter";
import { formulaCodegen } from "./tools/formula";
import { inputCodegen } from "./tools/input";
import { joinCodegen } from "./tools/join";
import { outputCodegen } from "./tools/output";
import { pivotCodegen } from "./tools/pivot";
import { sampleCodegen } from "./tools/sample";
import { selectCodegen } from "./tools/select";
import { sortCodegen } from "./tools/sort";
import { summarizeCodegen } from "./tools/summarize";
import { unionCodegen } from "./tools/union";
import { unpivotCodegen } from "./tools/unpivot";
import type { ToolCodegen } from "./types";

/**
 * Every tool type's Python generator (codegen/tools/<tool>.ts), one typed map keyed by the
 * catalog's types (tools/catalog.ts). None of them loads Polars. parts.test.ts checks that
 * every catalog entry has one, naming a tool that has none.
 */
// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own config type
export const PYTHON_GENERATORS: { readonly [T in ToolType]: ToolCodegen<any> } = {
  input: inputCodegen,
  output: outputCodegen,
  filter: filterCodegen,
  select: selectCodegen,
  sort: sortCodegen,
  formula: formulaCodegen,
  join: joinCodegen,
  union: unionCodegen,
  summarize: summarizeCodegen,
  calculate: calculateCodegen,
  pivot: pivotCodegen,
  unpivot: unpivotCodegen,
  sample: sampleCodegen,
};
