import { z } from "zod";

export const SAMPLE_METHODS = ["first", "last", "random", "every_nth", "percent"] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];

/**
 * The Sample tool's config. `n` serves first, last, random and every_nth; `fraction` serves
 * percent and is a share between 0 and 1 (0.25 = 25 %), as in Polars' `sample(fraction=)`;
 * `seed` makes random and percent repeatable. Which of `n` / `fraction` a method needs is
 * checked when the tool is built; the other is ignored, so a form may keep both.
 */
export const SampleConfigSchema = z.strictObject({
  method: z.enum(SAMPLE_METHODS),
  n: z.number().int("n must be a whole number").min(1, "n must be at least 1").nullish(),
  fraction: z
    .number()
    .gt(0, "fraction must be above 0 (a share between 0 and 1: 0.25 = 25 %)")
    .max(1, "fraction must be at most 1 (a share between 0 and 1: 0.25 = 25 %)")
    .nullish(),
  seed: z.number().int("seed must be a whole number").min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
});
export type SampleConfig = z.infer<typeof SampleConfigSchema>;
