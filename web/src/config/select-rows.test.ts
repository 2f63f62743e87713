import { expect, test } from "bun:test";
import { selectColumnsOf, selectRows } from "./select-rows";

const incoming = [
  { name: "a", dtype: "Int64" },
  { name: "b", dtype: "String" },
  { name: "c", dtype: "Float64" },
];

test("listed columns first in config order, then the others by keep_others", () => {
  const rows = selectRows(
    {
      columns: [
        { name: "c", rename: "see" },
        { name: "a", selected: false },
      ],
    },
    incoming,
  );
  expect(rows.map((r) => [r.name, r.selected, r.rename, r.incoming])).toEqual([
    ["c", true, "see", "Float64"],
    ["a", false, "", "Int64"],
    ["b", false, "", "String"],
  ]);
  expect(selectRows({ columns: [], keep_others: true }, incoming).every((r) => r.selected)).toBe(true);
});

test("a listed column that no longer arrives is missing; nothing is missing while columns are unknown", () => {
  expect(selectRows({ columns: [{ name: "gone" }] }, incoming)[0]?.missing).toBe(true);
  expect(selectRows({ columns: [{ name: "gone" }] }, undefined)[0]?.missing).toBe(false);
});

test("rows become config columns with only what differs from the defaults", () => {
  const rows = selectRows({ columns: [], keep_others: true }, incoming);
  rows[1] = { ...(rows[1] as (typeof rows)[number]), selected: false, rename: " ", dtype: " Int32 " };
  expect(selectColumnsOf(rows)).toEqual([{ name: "a" }, { name: "b", selected: false, dtype: "Int32" }, { name: "c" }]);
});
