import type { JoinConfig } from "../../tools/join/schema";
import { pyList, pyStr } from "../python-text";
import type { ToolCodegen } from "../types";
import { JOIN_HELPER } from "./join-helper";

/**
 * Join: join_frames answers the three outputs at once: `output-match` (the join of kind
 * `how`), `output-left` and `output-right` (each side's rows that matched nothing).
 */
export const joinCodegen: ToolCodegen<JoinConfig> = (config, inputs, ctx) => {
  const cross = config.how === "cross";
  const call = [
    `${inputs["input-left"]?.[0]}, ${inputs["input-right"]?.[0]}`,
    `how=${pyStr(config.how)}`,
    `left_on=${pyList(cross ? [] : (config.left_on ?? []))}`,
    `right_on=${pyList(cross ? [] : (config.right_on ?? []))}`,
    `suffix=${pyStr(config.suffix)}`,
  ];
  const { "output-match": match, "output-left": left, "output-right": right } = ctx.outputs;
  return [`${match}, ${left}, ${right} = ${ctx.helper(JOIN_HELPER)}(`, ...call.map((part) => `    ${part},`), ")"];
};
