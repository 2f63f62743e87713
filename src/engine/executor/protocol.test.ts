import { describe, expect, test } from "bun:test";
import { ExpressionError } from "../../expr/expression-error";
import { NotFoundError, SafetyLimitError, ToolRuntimeError, WeftError } from "../../shared/errors";
import { reviveError, serializeError } from "./protocol";

/** An error as the Server sees it after the executor sent it: through JSON, as IPC carries it. */
const across = (err: unknown) => reviveError(JSON.parse(JSON.stringify(serializeError(err))));

describe("errors across the process boundary", () => {
  test("a tool's failure on the data is the same class, status and tool", () => {
    const back = across(new ToolRuntimeError("calc", 'Tool "calc" failed on the data: conversion failed'));
    expect(back).toBeInstanceOf(ToolRuntimeError);
    expect((back as ToolRuntimeError).status).toBe(422);
    expect((back as ToolRuntimeError).toolId).toBe("calc");
    expect(back.message).toBe('Tool "calc" failed on the data: conversion failed');
  });

  test("a safety limit keeps its numbers; a plain Weft error its class", () => {
    const limit = across(new SafetyLimitError("too wide", 1000, 5000));
    expect(limit).toBeInstanceOf(SafetyLimitError);
    expect([(limit as SafetyLimitError).limit, (limit as SafetyLimitError).wouldBe]).toEqual([1000, 5000]);
    expect(across(new NotFoundError("File not found: a.csv"))).toBeInstanceOf(NotFoundError);
  });

  test("a Weft error of a class not revived by name keeps its status and name", () => {
    const back = across(new ExpressionError("unknown name 'x'", 3));
    expect(back).toBeInstanceOf(WeftError);
    expect((back as WeftError).status).toBe(400);
    expect(back.name).toBe("ExpressionError");
    expect(back.message).toBe("unknown name 'x' (at column 4)");
  });

  test("a bug (a TypeError) stays unexpected: not a Weft error, its class named, its stack kept", () => {
    const bug = new TypeError("undefined is not an object (evaluating 'config.missing.first')");
    const back = across(bug);
    expect(back).not.toBeInstanceOf(WeftError);
    expect("status" in back).toBe(false);
    expect(back.message).toBe("TypeError: undefined is not an object (evaluating 'config.missing.first')");
    expect(back.stack).toBe(bug.stack as string);
  });
});
