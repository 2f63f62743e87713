import { describe, expect, test } from "bun:test";
import { ApiError } from "../lib/api";
import { failureOf, isAbort, runFailureLine, toolOfError } from "./tool-error";

const ids = ["input_1", "filter_1", "summarize_1", "output_1"];

describe("toolOfError", () => {
  test.each([
    ['Tool "filter_1", expression: the expression is empty (at column 1)', "filter_1"],
    ['Tool "output_1" (output): /tmp/x.csv exists and if_exists is "fail"', "output_1"],
    ['Tool "summarize_1" failed on the data: column "amount" not found', "summarize_1"],
    ['Tool "input_1" upstream of this tool failed', "input_1"],
    // A wire message names the missing tool first: the first that exists wins.
    ['Wire "w1" into tool "filter_1" comes from tool "gone", which is not in the workflow', "filter_1"],
    ['Tool "gone" is not in the workflow', undefined],
    ["Workflow run exceeded 300 s", undefined],
  ])("%s → %s", (detail, expected) => {
    expect(toolOfError(detail, ids)).toBe(expected as string | undefined);
  });

  test("ids with quotes and odd characters", () => {
    expect(toolOfError('Tool "a b.c" (sort): no column', ["a b.c"])).toBe("a b.c");
  });
});

describe("failureOf", () => {
  test("keeps the Server's status and detail", () => {
    expect(failureOf(new ApiError(422, 'Tool "x" failed'))).toEqual({ message: 'Tool "x" failed', status: 422 });
  });
  test("a network error has status 0", () => {
    expect(failureOf(new TypeError("Failed to fetch"))).toEqual({
      message: "The Server did not answer: Failed to fetch",
      status: 0,
    });
  });
  test("isAbort", () => {
    expect(isAbort(new DOMException("x", "AbortError"))).toBe(true);
    expect(isAbort(new Error("x"))).toBe(false);
  });
});

test("a run's failure in one line names the tool and says what to set, or why it failed", () => {
  const name = (id: string) => (id === "sort_1" ? "Sort" : id);
  expect(
    runFailureLine({ message: "Choose a column to sort by", status: 0, toolId: "sort_1", setup: true }, name),
  ).toBe("Sort (sort_1) needs setup: Choose a column to sort by");
  expect(runFailureLine({ message: "file not found", status: 404, toolId: "sort_1" }, name)).toBe(
    "Run failed at Sort (sort_1): file not found",
  );
  expect(runFailureLine({ message: "The Server did not answer", status: 0 }, name)).toBe(
    "Run failed: The Server did not answer",
  );
});
