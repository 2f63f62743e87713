import type { Component } from "solid-js";
import type { ToolType } from "../../model/tools";
import type { ToolContext } from "../tool-context";
import { CalculateForm } from "./calculate";
import { FilterForm } from "./filter";
import { FormulaForm } from "./formula";
import { InputForm } from "./input";
import { JoinForm } from "./join";
import { OutputForm } from "./output";
import { PivotForm } from "./pivot";
import { SampleForm } from "./sample";
import { SelectForm } from "./select";
import { SortForm } from "./sort";
import { SummarizeForm } from "./summarize";
import { UnionForm } from "./union";
import { UnpivotForm } from "./unpivot";

/** The form of each tool type (decisions.md "Tool configs"). */
export const TOOL_FORMS: Record<ToolType, Component<{ ctx: ToolContext }>> = {
  input: InputForm,
  output: OutputForm,
  filter: FilterForm,
  select: SelectForm,
  sort: SortForm,
  formula: FormulaForm,
  join: JoinForm,
  union: UnionForm,
  summarize: SummarizeForm,
  calculate: CalculateForm,
  pivot: PivotForm,
  unpivot: UnpivotForm,
  sample: SampleForm,
};
