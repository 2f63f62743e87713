import { expect, test } from "bun:test";
import { z } from "zod";
import { describeZodError } from "./zod-detail";

const detail = (schema: z.ZodType, value: unknown, prefix?: string) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return describeZodError(parsed.error, prefix);
};

test("an empty text or list is said in words, at its path", () => {
  const schema = z.object({ source: z.string().min(1), index: z.array(z.string()).min(1) });
  expect(detail(schema, { source: "", index: [] }, "config")).toBe(
    "config.source: must not be empty; config.index: needs at least one item",
  );
});

test("other issues keep zod's message", () => {
  expect(detail(z.object({ n: z.number().min(2) }), { n: 1 })).toBe("n: Too small: expected number to be >=2");
  expect(detail(z.object({ s: z.string().min(3) }), { s: "a" })).toStartWith("s: Too small");
});
