import type { z } from "zod";
import { CalculateConfigSchema } from "./calculate/schema";
import { FilterConfigSchema } from "./filter/schema";
import { FormulaConfigSchema } from "./formula/schema";
import { InputConfigSchema } from "./input/schema";
import { JoinConfigSchema } from "./join/schema";
import { OutputConfigSchema } from "./output/schema";
import { PivotConfigSchema } from "./pivot/schema";
import { SampleConfigSchema } from "./sample/schema";
import { SelectConfigSchema } from "./select/schema";
import { SortConfigSchema } from "./sort/schema";
import { SummarizeConfigSchema } from "./summarize/schema";
import type { ToolType } from "./types";
import { UnionConfigSchema } from "./union/schema";
import { UnpivotConfigSchema } from "./unpivot/schema";

/**
 * Each tool type's config schema, without the tools' code: the Server process serves these
 * (`GET /api/workflow/tool/{type}/schema`) without loading Polars, which only the engine's
 * executor processes do. registry.test.ts checks they are the schemas the tools use.
 */
export const TOOL_CONFIG_SCHEMAS: { readonly [T in ToolType]: z.ZodType } = {
  input: InputConfigSchema,
  output: OutputConfigSchema,
  filter: FilterConfigSchema,
  select: SelectConfigSchema,
  sort: SortConfigSchema,
  formula: FormulaConfigSchema,
  join: JoinConfigSchema,
  union: UnionConfigSchema,
  summarize: SummarizeConfigSchema,
  calculate: CalculateConfigSchema,
  pivot: PivotConfigSchema,
  unpivot: UnpivotConfigSchema,
  sample: SampleConfigSchema,
};
