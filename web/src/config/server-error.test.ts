import { expect, test } from "bun:test";
import { isAt, placeError, readableError } from "./server-error";

test("an error is placed at the field the Server names", () => {
  expect(placeError('Tool "c_1", columns[1] ("b"): unknown column "nope"', "c_1")).toEqual({
    field: "columns.1",
    message: 'unknown column "nope"',
  });
  expect(placeError('Tool "f_1", expression: expected an expression (at column 19)', "f_1")).toEqual({
    field: "expression",
    message: "expected an expression (at column 19)",
  });
  const config = placeError('Tool "c_1" (calculate): config.columns.0.expression: Too small', "c_1");
  expect(config).toEqual({ field: "columns.0.expression", message: "Too small" });
  expect(isAt(config, "columns.0")).toBe(true);
  expect(isAt(config, "columns.1")).toBe(false);
});

test("other errors stay with the tool, or name the upstream tool", () => {
  expect(placeError('Unknown column "zz" in by (columns: a)', "s_1")).toEqual({
    message: 'Unknown column "zz" in by (columns: a)',
  });
  expect(placeError('Tool "t_1" (formula), formula "x" (add): takes 2 arguments', "t_1")).toEqual({
    message: 'formula "x" (add): takes 2 arguments',
  });
  expect(placeError('Tool "input_1": file not found', "f_1")).toEqual({
    message: "file not found",
    upstream: "input_1",
  });
});

test("an error read apart from its field leaves out the tool and says the setting in words", () => {
  expect(readableError('Tool "o_1" (output): config.path: must not be empty', "o_1")).toBe("path: must not be empty");
  expect(readableError('Tool "c_1" (calculate): config.columns.0.expression: must not be empty', "c_1")).toBe(
    "columns #1 expression: must not be empty",
  );
  expect(readableError('Tool "j_1" (join): config.left_on: needs at least one item', "j_1")).toBe(
    "left on: needs at least one item",
  );
  expect(readableError('Tool "s_1": Sort needs at least one column in by', "s_1")).toBe(
    "Sort needs at least one column in by",
  );
  // Another tool's error keeps its name; an error naming no tool stays whole.
  const upstream = 'Tool "in_1" upstream of this tool failed';
  expect(readableError(upstream, "s_1")).toBe(upstream);
  expect(readableError("The Server did not answer", undefined)).toBe("The Server did not answer");
});
