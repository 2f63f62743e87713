import { z } from "zod";

/** The operators of a basic filter (decisions.md "Tool configs"). */
export const FILTER_OPERATORS = [
  "==",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "is_null",
  "is_not_null",
  "contains",
  "starts_with",
  "ends_with",
  "in",
  "not_in",
  "between",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One value a user compares with: numbers may also come as text ("5"), dates as ISO text. */
export const FilterScalarSchema = z.union([z.string(), z.number(), z.boolean()]);
export type FilterScalar = z.infer<typeof FilterScalarSchema>;

/**
 * A filter value: one scalar, or an array for `in` / `not_in` / `between`. Null and null
 * array items pass the schema so that `build` can answer with a message that points to
 * `is_null` instead of a generic type error.
 */
export const FilterValueSchema = z.union([FilterScalarSchema, z.array(FilterScalarSchema.nullable()), z.null()]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** `{mode: "basic", column, operator, value?}`: one column compared with a literal. */
export const BasicFilterSchema = z.strictObject({
  mode: z.literal("basic"),
  column: z.string(),
  operator: z.enum(FILTER_OPERATORS),
  value: FilterValueSchema.optional(),
});
export type BasicFilterConfig = z.infer<typeof BasicFilterSchema>;

/** `{mode: "expression", expression}`: a Python-Polars boolean expression (the expression language). */
export const ExpressionFilterSchema = z.strictObject({
  mode: z.literal("expression"),
  expression: z.string(),
});

/** The Filter tool's config: a union discriminated by `mode`. */
export const FilterConfigSchema = z.discriminatedUnion("mode", [BasicFilterSchema, ExpressionFilterSchema]);
export type FilterConfig = z.infer<typeof FilterConfigSchema>;
