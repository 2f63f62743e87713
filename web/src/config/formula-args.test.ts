import { expect, test } from "bun:test";
import { addRepeat, argsFor, parseArgValue, removeArg, setArg, signatureOf, slotsOf } from "./formula-args";
import type { CatalogueFunction } from "./server-data";

const add: CatalogueFunction = {
  name: "add",
  label: "Add",
  category: "arithmetic",
  description: "",
  params: [
    { name: "a", label: "A", kind: "either", type: "number" },
    { name: "b", label: "B", kind: "either", type: "number" },
  ],
  returns: "number",
};
const round: CatalogueFunction = {
  name: "round",
  label: "Round",
  category: "rounding",
  description: "",
  params: [
    { name: "value", label: "Number", kind: "either", type: "number" },
    { name: "digits", label: "Decimal places", kind: "value", type: "integer", optional: true, default: 0 },
  ],
  returns: { same_as: "value" },
};
const concat: CatalogueFunction = {
  name: "concat",
  label: "Concatenate",
  category: "text",
  description: "",
  params: [
    { name: "separator", label: "Separator", kind: "value", type: "string" },
    { name: "parts", label: "Parts", kind: "either", type: "any", repeat: { min: 2 } },
  ],
  returns: "string",
};
const upper: CatalogueFunction = {
  name: "upper",
  label: "Upper",
  category: "text",
  description: "",
  params: [{ name: "text", label: "Text", kind: "column", type: "string" }],
  returns: "string",
};

test("slots: one per parameter, a repeated one at least its minimum", () => {
  expect(slotsOf(add, []).map((s) => s.index)).toEqual([0, 1]);
  const slots = slotsOf(concat, [{ value: "-" }, { column: "a" }, { column: "b" }, { column: "c" }]);
  expect(slots.map((s) => [s.param.name, s.index, s.repeat, s.removable])).toEqual([
    ["separator", 0, undefined, false],
    ["parts", 1, 0, false],
    ["parts", 2, 1, false],
    ["parts", 3, 2, true],
  ]);
});

test("switching function keeps the arguments that fit and fills the required ones", () => {
  expect(argsFor(add)).toEqual([{ column: "" }, { column: "" }]);
  expect(argsFor(round, [{ column: "price" }, { column: "qty" }])).toEqual([{ column: "price" }]);
  expect(argsFor(upper, [{ value: 1 }])).toEqual([{ column: "" }]);
  expect(argsFor(concat)).toEqual([{ value: "" }, { column: "" }, { column: "" }]);
});

test("setting, leaving out and repeating arguments", () => {
  expect(setArg(round, [{ column: "p" }], 1, { value: 2 })).toEqual([{ column: "p" }, { value: 2 }]);
  expect(setArg(round, [{ column: "p" }, { value: 2 }], 1, undefined)).toEqual([{ column: "p" }]);
  expect(setArg(add, [], 1, { value: 3 })).toEqual([{ column: "" }, { value: 3 }]);
  const three = addRepeat(concat, argsFor(concat));
  expect(three).toHaveLength(4);
  expect(removeArg(three, 3)).toHaveLength(3);
  expect(addRepeat(add, [{ column: "a" }])).toEqual([{ column: "a" }]);
});

test("values are typed by the parameter", () => {
  expect(parseArgValue("2", "integer")).toBe(2);
  expect(parseArgValue("", "number")).toBeNull();
  expect(parseArgValue("true", "boolean")).toBe(true);
  expect(parseArgValue("007", "any")).toBe("007");
  expect(parseArgValue("7", "any")).toBe(7);
  expect(parseArgValue("x", "string")).toBe("x");
  expect(signatureOf(round)).toBe("Round(Number, Decimal places?)");
  expect(signatureOf(concat)).toBe("Concatenate(Separator, Parts…)");
});
