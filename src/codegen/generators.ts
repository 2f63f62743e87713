import { calculateCodegen } from "../tools/calculate/codegen";
import { filterCodegen } from "../tools/filter/codegen";
import { formulaCodegen } from "../tools/formula/codegen";
import { inputCodegen } from "../tools/input/codegen";
import { joinCodegen } from "../tools/join/codegen";
import { outputCodegen } from "../tools/output/codegen";
import { pivotCodegen } from "../tools/pivot/codegen";
import { sampleCodegen } from "../tools/sample/codegen";
import { selectCodegen } from "../tools/select/codegen";
import { sortCodegen } from "../tools/sort/codegen";
import { summarizeCodegen } from "../tools/summarize/codegen";
import type { ToolType } from "../tools/types";
import { unionCodegen } from "../tools/union/codegen";
import { unpivotCodegen } from "../tools/unpivot/codegen";
import type { ToolCodegen } from "./types";

/**
 * Every tool type's Python generator (each beside its tool, in codegen.ts), one typed map: a
 * tool type without a generator does not compile. None of them loads Polars.
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
