import type { CalculateConfig } from "../../tools/calculate/schema";
import { pyStr } from "../python-text";
import type { ToolCodegen } from "../types";

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
