import { pyStr } from "../../codegen/python-text";
import type { ToolCodegen } from "../../codegen/types";
import type { CalculateConfig } from "./schema";

/**
 * Calculate: each expression string pasted as written (it is Python Polars already), applied
 * in order, so a later column may use an earlier one; an existing name is replaced in place.
 */
export const calculateCodegen: ToolCodegen<CalculateConfig> = (config, inputs, ctx) => {
  const steps = config.columns.map((column, i) => {
    const expression = ctx.expression(column.expression, `columns[${i}] ("${column.name}")`);
    return `    .with_columns((${expression}).alias(${pyStr(column.name)}))`;
  });
  return [`${ctx.outputs.output} = (`, `    ${inputs.input?.[0]}`, ...steps, ")"];
};
