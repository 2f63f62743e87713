import { z } from "zod";

/** A column list; one name alone is taken as a list of one. */
const columnList = z
  .union([z.string().min(1), z.array(z.string().min(1))])
  .transform((value) => (typeof value === "string" ? [value] : value));

function checkKeys(list: string[] | undefined, field: string, ctx: z.RefinementCtx) {
  if (!list || list.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: [field],
      message: `${field} needs at least one column (only a cross join has no keys)`,
    });
    return;
  }
  const twice = list.find((name, i) => list.indexOf(name) !== i);
  if (twice !== undefined)
    ctx.addIssue({ code: "custom", path: [field], message: `${field} names column "${twice}" twice` });
}

/**
 * Join config (decisions.md "Tool configs"). `left_on[i]` is matched with `right_on[i]`;
 * both are ignored by a cross join. `suffix` renames a right column whose name the left
 * side already has.
 */
export const JoinConfigSchema = z
  .strictObject({
    how: z.enum(["inner", "left", "right", "full", "cross"]).default("inner"),
    left_on: columnList.optional(),
    right_on: columnList.optional(),
    suffix: z.string().min(1).default("_right"),
  })
  .superRefine((config, ctx) => {
    if (config.how === "cross") return;
    checkKeys(config.left_on, "left_on", ctx);
    checkKeys(config.right_on, "right_on", ctx);
    const left = config.left_on?.length ?? 0;
    const right = config.right_on?.length ?? 0;
    if (left > 0 && right > 0 && left !== right) {
      ctx.addIssue({
        code: "custom",
        path: ["right_on"],
        message: `left_on has ${left} column(s) but right_on has ${right}: each left key needs one right key`,
      });
    }
  });

export type JoinConfig = z.output<typeof JoinConfigSchema>;
