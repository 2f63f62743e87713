import { describe, expect, test } from "bun:test";
import { EXECUTOR_ENV_DEFAULTS, executorEnv } from "./executor-env";

describe("an executor's environment", () => {
  test("the Server's, with the join sample limit, one malloc arena per core and the executor role", () => {
    const env = executorEnv({ PATH: "/usr/bin", HOME: "/home/weft" }, 4);
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/weft",
      POLARS_JOIN_SAMPLE_LIMIT: EXECUTOR_ENV_DEFAULTS.POLARS_JOIN_SAMPLE_LIMIT,
      MALLOC_ARENA_MAX: "4",
      WEFT_ROLE: "executor",
    });
  });

  test("the operator's own values win; the role does not", () => {
    const env = executorEnv({ POLARS_JOIN_SAMPLE_LIMIT: "10000000", MALLOC_ARENA_MAX: "16", WEFT_ROLE: "cli" }, 2);
    expect(env.POLARS_JOIN_SAMPLE_LIMIT).toBe("10000000");
    expect(env.MALLOC_ARENA_MAX).toBe("16");
    expect(env.WEFT_ROLE).toBe("executor");
  });

  test("at least one arena where the core count is unknown", () => {
    expect(executorEnv({}, 0).MALLOC_ARENA_MAX).toBe("1");
  });
});
