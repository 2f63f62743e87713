import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { STRING_LIMIT_MARKER } from "../expr/string-growth";
import { NotFoundError, SafetyLimitError, ToolRuntimeError } from "../shared/errors";
import { asTool, isPolarsError, toolFailure } from "./tool-failure";

/** What Polars throws when a text column is cast to Int64 strictly: the data refuses it. */
function polarsDataError(): unknown {
  try {
    pl.DataFrame({ a: ["1", "two"] })
      .lazy()
      .select(pl.col("a").cast(pl.Int64, true))
      .collectSync();
  } catch (err) {
    return err;
  }
  throw new Error("Polars cast 'two' to Int64 without complaint");
}

/** A bug in Weft's own code: reading a property of undefined. */
function internalBug(): unknown {
  try {
    const missing = undefined as unknown as { by: string[] };
    return missing.by.length;
  } catch (err) {
    return err;
  }
}

describe("toolFailure", () => {
  test("a failure inside Polars is the tool's 422, with Polars' first line", () => {
    const err = polarsDataError();
    expect(isPolarsError(err)).toBe(true);
    const failure = toolFailure("calc", err);
    expect(failure).toBeInstanceOf(ToolRuntimeError);
    expect((failure as ToolRuntimeError).status).toBe(422);
    expect((failure as ToolRuntimeError).toolId).toBe("calc");
    expect((failure as Error).message).toStartWith('Tool "calc" failed on the data: conversion from `str` to `i64`');
    expect((failure as Error).message).not.toContain("\n");
    expect((failure as Error).cause).toBe(err);
  });

  test("a bug in Weft's code is not the data's fault: it passes unchanged (the 500 with an error_id)", () => {
    const err = internalBug();
    expect(err).toBeInstanceOf(TypeError);
    expect(isPolarsError(err)).toBe(false);
    expect(toolFailure("sort", err)).toBe(err);
    const thrown = (() => {
      try {
        return asTool("sort", () => {
          throw err;
        });
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBe(err);
  });

  test("nodejs-polars' own argument checks (a wrong call: Weft's bug) are not data failures", () => {
    let err: unknown;
    try {
      pl.concat([] as pl.DataFrame[]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Error);
    expect(isPolarsError(err)).toBe(false);
    expect(toolFailure("sample", err)).toBe(err);
  });

  test("Weft's own errors pass unchanged", () => {
    const err = new NotFoundError("File not found: x.csv");
    expect(toolFailure("in", err)).toBe(err);
  });

  test("a text-growth guard's failure is the SafetyLimitError it stands for", () => {
    const failure = toolFailure("calc", new Error(`cast failed: '${STRING_LIMIT_MARKER}:1000:5000'`));
    expect(failure).toBeInstanceOf(SafetyLimitError);
    expect((failure as SafetyLimitError).limit).toBe(1000);
    expect((failure as SafetyLimitError).wouldBe).toBe(5000);
  });
});
