import { describe, expect, test } from "bun:test";
import { BOUNDED_JOIN_SAMPLE_LIMIT, executorEnv } from "./executor-env";

describe("an executor's environment", () => {
  test("a default executor: the Server's, with one malloc arena per core and the executor role", () => {
    const env = executorEnv({ PATH: "/usr/bin", HOME: "/home/weft" }, "default", 4);
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/home/weft", MALLOC_ARENA_MAX: "4", WEFT_ROLE: "executor" });
  });

  test("a bounded executor adds the join sample limit", () => {
    const env = executorEnv({ PATH: "/usr/bin" }, "bounded", 2);
    expect(env).toEqual({
      PATH: "/usr/bin",
      MALLOC_ARENA_MAX: "2",
      POLARS_JOIN_SAMPLE_LIMIT: BOUNDED_JOIN_SAMPLE_LIMIT,
      WEFT_ROLE: "executor",
    });
  });

  test("the operator's own values win; the role does not", () => {
    const env = executorEnv(
      { MALLOC_ARENA_MAX: "16", POLARS_JOIN_SAMPLE_LIMIT: "10000000", WEFT_ROLE: "cli" },
      "bounded",
      2,
    );
    expect(env.MALLOC_ARENA_MAX).toBe("16");
    expect(env.POLARS_JOIN_SAMPLE_LIMIT).toBe("10000000");
    expect(env.WEFT_ROLE).toBe("executor");
  });

  test("at least one arena where the core count is unknown", () => {
    expect(executorEnv({}, "default", 0).MALLOC_ARENA_MAX).toBe("1");
  });
});
