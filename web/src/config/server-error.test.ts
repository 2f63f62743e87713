import { expect, test } from "bun:test";
import { isAt, placeError } from "./server-error";

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
