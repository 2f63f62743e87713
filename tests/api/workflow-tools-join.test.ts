// Golden tests, through the API, of the tools that combine tables: join (every `how`, every
// socket) and union. Every expectation is computed here in plain TypeScript.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { type Cell, columns, postWorkflow, type Rows, toolOutputs, unordered } from "../helpers/golden";
import { seededRandom } from "../helpers/seeded-random";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

// Left: orders. Right: customers, keyed by a differently named column; ids 1-2 have no
// customer, 21-24 no order, 5 and 9 have two customers, and both sides have null keys.
const random = seededRandom(23);
const NOTES = ["eilig", "geschenk 🎁", "ça va", "normal"];
const ORDERS: Rows = Array.from({ length: 300 }, (_, i) => [
  i + 1,
  random() < 0.08 ? null : 1 + Math.floor(random() * 20),
  Math.round(random() * 50_000) / 100,
  random() < 0.1 ? null : (NOTES[Math.floor(random() * NOTES.length)] as string),
]);
const ORDER_HEADER = ["order_id", "kunde_id", "betrag", "note"];
const CUSTOMER_IDS: (number | null)[] = [null, ...Array.from({ length: 22 }, (_, i) => i + 3), 9, null, 5];
const CUSTOMERS: Rows = CUSTOMER_IDS.map((id, i) => [id, `名前 ${i}`, i % 4 === 0 ? null : `kunde ${i}`]);
const CUSTOMER_HEADER = ["客户id", "name", "note"];

let t: TestApp;
let files: string;
const file = (name: string, header: string[], rows: Rows) => writeCsv(join(files, name), header, rows);
let orders: string;
let customers: string;

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  orders = file("orders.csv", ORDER_HEADER, ORDERS);
  customers = file("customers.csv", CUSTOMER_HEADER, CUSTOMERS);
});
afterAll(() => t.close());

/** A row's key, or null when a key cell is null: null keys never match. */
const keyOf = (row: Cell[], at: number[]): string | null =>
  at.some((i) => row[i] === null) ? null : JSON.stringify(at.map((i) => row[i]));
const nulls = (n: number): Cell[] => Array.from({ length: n }, () => null);

/** The three outputs of a join computed in TypeScript (row orders as the tool documents them). */
function joinRows(left: Rows, right: Rows, how: string, leftKey: number[], rightKey: number[]) {
  const matchesOf = (row: Cell[], other: Rows, mine: number[], theirs: number[]) => {
    const key = keyOf(row, mine);
    return key === null ? [] : other.filter((o) => keyOf(o, theirs) === key);
  };
  const rightKept = (r: Cell[]) => r.filter((_, i) => !rightKey.includes(i));
  const leftWidth = left[0]?.length ?? 0;
  const rightWidth = right[0]?.length ?? 0;
  const unmatchedLeft = left.filter((l) => matchesOf(l, right, leftKey, rightKey).length === 0);
  const unmatchedRight = right.filter((r) => matchesOf(r, left, rightKey, leftKey).length === 0);
  const match: Rows = [];
  if (how === "cross") {
    for (const l of left) for (const r of right) match.push([...l, ...r]);
    return { left: [], match, right: [], tail: [] };
  }
  if (how === "right") {
    // Right input's order; the key columns carry the right row's values under the left names.
    for (const r of right) {
      const ms = matchesOf(r, left, rightKey, leftKey);
      const base = ms.length > 0 ? ms : [nulls(leftWidth)];
      for (const l of base) {
        const withKeys = l.map((v, i) =>
          leftKey.includes(i) ? (r[rightKey[leftKey.indexOf(i)] as number] as Cell) : v,
        );
        match.push([...withKeys, ...rightKept(r)]);
      }
    }
    return { left: unmatchedLeft, match, right: unmatchedRight, tail: [] };
  }
  const full = how === "full";
  const rightPart = (r: Cell[]) => (full ? r : rightKept(r));
  const rightNulls = nulls(full ? rightWidth : rightWidth - rightKey.length);
  for (const l of left) {
    const ms = matchesOf(l, right, leftKey, rightKey);
    for (const r of ms) match.push([...l, ...rightPart(r)]);
    if (ms.length === 0 && how !== "inner") match.push([...l, ...rightNulls]);
  }
  // A full join then adds the right rows that matched nothing (their order is not documented).
  const tail = full ? unmatchedRight.map((r) => [...nulls(leftWidth), ...r]) : [];
  return { left: unmatchedLeft, match, right: unmatchedRight, tail };
}

const ORDER_COLUMNS: [string, string][] = [
  ["order_id", "Int64"],
  ["kunde_id", "Int64"],
  ["betrag", "Float64"],
  ["note", "String"],
];
const CUSTOMER_COLUMNS: [string, string][] = [
  ["客户id", "Int64"],
  ["name", "String"],
  ["note", "String"],
];

describe("join", () => {
  // orders ────► j:input-left  ┐        ╔═ output-left   (orders without customer)
  //                            ├ join ══╬═ output-match
  // customers ─► j:input-right ┘        ╚═ output-right  (customers without order)
  const keyed = (how: string, extra: Record<string, unknown> = {}, right = () => customers): Workflow =>
    workflow(
      `w-join-${how}`,
      [
        { id: "orders", type: "input", config: { source: orders } },
        { id: "customers", type: "input", config: { source: right() } },
        { id: "j", type: "join", config: { how, left_on: ["kunde_id"], right_on: ["客户id"], ...extra } },
      ],
      ["orders -> j:input-left", "customers -> j:input-right"],
    );

  test.each(["inner", "left", "right", "full"])(
    "%s: every socket; null keys never match; the clashing right column takes the suffix",
    async (how) => {
      const outputs = await toolOutputs(t, "j", keyed(how));
      const expected = joinRows(ORDERS, CUSTOMERS, how, [1], [0]);
      const rightColumns: [string, string][] = [
        ...(how === "full" ? [CUSTOMER_COLUMNS[0] as [string, string]] : []),
        ["name", "String"],
        ["note_right", "String"],
      ];
      const match = outputs["output-match"];
      expect(match?.columns).toEqual(columns([...ORDER_COLUMNS, ...rightColumns]));
      expect(match?.data.slice(0, expected.match.length)).toEqual(expected.match);
      expect(unordered(match?.data.slice(expected.match.length) ?? [])).toEqual(unordered(expected.tail));
      expect(outputs["output-left"]?.columns).toEqual(columns(ORDER_COLUMNS));
      expect(outputs["output-left"]?.data).toEqual(expected.left);
      expect(outputs["output-right"]?.columns).toEqual(columns(CUSTOMER_COLUMNS));
      expect(outputs["output-right"]?.data).toEqual(expected.right);
      // The data really has each case the assertions above are about.
      expect(expected.left.some((r) => r[1] === null) && expected.left.some((r) => r[1] !== null)).toBe(true);
      expect(expected.right.some((r) => r[0] === null) && expected.right.some((r) => r[0] !== null)).toBe(true);
    },
  );

  // orders ─► first30 (sample) ─► x:input-left  ┐
  //                                              ├ x (cross join, suffix "_c")
  // customers ──────────────────► x:input-right ┘
  test("cross: every left row with every right row, in order; clashes take a custom suffix; no unmatched rows", async () => {
    const w = workflow(
      "w-cross",
      [
        { id: "orders", type: "input", config: { source: orders } },
        { id: "first30", type: "sample", config: { method: "first", n: 30 } },
        { id: "customers", type: "input", config: { source: customers } },
        { id: "x", type: "join", config: { how: "cross", suffix: "_c" } },
      ],
      ["orders -> first30", "first30 -> x:input-left", "customers -> x:input-right"],
    );
    const outputs = await toolOutputs(t, "x", w);
    expect(outputs["output-match"]?.columns.map((c) => c.name)).toEqual([...ORDER_HEADER, "客户id", "name", "note_c"]);
    expect(outputs["output-match"]?.data).toEqual(joinRows(ORDERS.slice(0, 30), CUSTOMERS, "cross", [], []).match);
    expect(outputs["output-left"]?.data).toEqual([]);
    expect(outputs["output-right"]?.data).toEqual([]);
  });

  // orders ────► j:input-left  ┐
  //                            ├ j (join on note)
  // empty.csv ─► j:input-right ┘
  test("an empty right input: inner matches nothing, left keeps every order, every order is unmatched", async () => {
    const empty = () => file("no-customers.csv", CUSTOMER_HEADER, []);
    const onNote = { left_on: ["note"], right_on: ["note"] };
    const left = await toolOutputs(t, "j", keyed("left", onNote, empty));
    expect(left["output-match"]?.columns).toEqual(
      columns([...ORDER_COLUMNS, ["客户id", "String"], ["name", "String"]]),
    );
    expect(left["output-match"]?.data).toEqual(ORDERS.map((r) => [...r, null, null]));
    expect(left["output-left"]?.data).toEqual(ORDERS);
    expect(left["output-right"]?.data).toEqual([]);
    const inner = await toolOutputs(t, "j", keyed("inner", onNote, empty));
    expect(inner["output-match"]?.row_count).toBe(0);
  });

  // orders ────► j:input-left  ┐
  //                            ├ j (join kunde_id = name)
  // customers ─► j:input-right ┘
  test("keys of types that cannot be compared are a 400 naming both columns", async () => {
    const w = keyed("inner", { right_on: ["name"] });
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "j", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain('"kunde_id"');
    expect(body.detail).toContain('"name"');
  });
});

describe("union", () => {
  const U1: Rows = [
    [1, "äpfel", 3],
    [2, null, null],
    [3, "東京", 7],
  ];
  /** inputs ─► u (union), wired in the order given. */
  const unionOf = (config: Record<string, unknown>, inputs: [string, string[], Rows][]): Workflow =>
    workflow(
      "w-union",
      [
        ...inputs.map(([name, header, rows]) => ({
          id: name,
          type: "input",
          config: { source: file(`${name}.csv`, header, rows) },
        })),
        { id: "u", type: "union", config },
      ],
      inputs.map(([name]) => `${name} -> u`),
    );

  // u1 (id, name, menge) ──────┐
  // u2 (name, id, extra) ──────┼─► u (union, by_name)
  // u0 (name; header only) ────┘
  test("by_name: columns matched by name, a missing column filled with nulls, inputs in wire order", async () => {
    const u2: [string, number | null, string | null][] = [
      ["zwei 2", 20, "x"],
      ["😀", null, null],
    ];
    const w = unionOf({}, [
      ["u1", ["id", "name", "menge"], U1],
      ["u2", ["name", "id", "extra"], u2],
      ["u0", ["name"], []],
    ]);
    const { output } = await toolOutputs(t, "u", w);
    expect(output?.columns).toEqual(
      columns([
        ["id", "Int64"],
        ["name", "String"],
        ["menge", "Int64"],
        ["extra", "String"],
      ]),
    );
    expect(output?.data).toEqual([
      ...U1.map((r) => [...r, null]),
      ...u2.map(([name, id, extra]) => [id, name, null, extra]),
    ]);
  });

  // u1 (id, name, menge: Int64) ──┐
  //                               ├─► u (union, by_name)
  // u3 (menge: Float64, id) ──────┘
  test("an Int64 and a Float64 column widen to Float64", async () => {
    const u3: [number | null, number | null][] = [
      [2.5, 10],
      [null, 11],
      [-0.25, null],
    ];
    const { output } = await toolOutputs(
      t,
      "u",
      unionOf({ mode: "by_name" }, [
        ["u1", ["id", "name", "menge"], U1],
        ["u3", ["menge", "id"], u3],
      ]),
    );
    expect(output?.columns.find((c) => c.name === "menge")?.dtype).toBe("Float64");
    expect(output?.data).toEqual([...U1, ...u3.map(([menge, id]) => [id, null, menge])]);
  });

  // u1 (id, name, menge) ──────────┐
  //                                ├─► u (union, by_position)
  // u5 (nr, bezeichnung, anzahl) ──┘
  test("by_position: columns matched by place, named after the first input, types widened", async () => {
    const u5: Rows = [
      [4, "vier", 0.5],
      [5, "fünf", null],
    ];
    const w = unionOf({ mode: "by_position" }, [
      ["u1", ["id", "name", "menge"], U1],
      ["u5", ["nr", "bezeichnung", "anzahl"], u5],
    ]);
    const { output } = await toolOutputs(t, "u", w);
    expect(output?.columns).toEqual(
      columns([
        ["id", "Int64"],
        ["name", "String"],
        ["menge", "Float64"],
      ]),
    );
    expect(output?.data).toEqual([...U1, ...u5]);
  });

  // u1 (id: Int64, ...) ──┐
  //                       ├─► u (union)
  // u4 (id: String) ──────┘
  test("a String column stacked on an Int64 column is a 400 naming the column", async () => {
    const w = unionOf({}, [
      ["u1", ["id", "name", "menge"], U1],
      ["u4", ["id"], [["x1"], ["x2"]]],
    ]);
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "u", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain('"id"');
  });

  // u1 (id, name, menge) ──┐
  //                        ├─► u (union, fill_missing: false)
  // u6 (id, name) ─────────┘
  test("fill_missing false: a missing column is a 400 naming it", async () => {
    const w = unionOf({ fill_missing: false }, [
      ["u1", ["id", "name", "menge"], U1],
      ["u6", ["id", "name"], [[9, "neun"]]],
    ]);
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "u", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain('"menge"');
  });
});
