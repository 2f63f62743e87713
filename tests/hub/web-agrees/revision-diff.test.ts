import { describe, expect, test } from "bun:test";
import { diffWorkflows } from "../../../src/hub/workflows/diff";
import type { ToolNode, Wire, Workflow } from "../../../src/shared/workflow";
import { diffRevisions, hasChanges, type RevisionDiff } from "../../../web/src/hub/workflows/revision-diff";

const tool = (id: string, type: string, config: Record<string, unknown> = {}, x = 0, y = 0): ToolNode => ({
  id,
  type,
  config,
  position: { x, y },
});
/** `a:output-true` → `b` (sockets default to output / input). */
const wire = (from: string, to: string, id?: string): Wire => {
  const [source = "", source_socket = "output"] = from.split(":");
  const [target = "", target_socket = "input"] = to.split(":");
  return id === undefined
    ? { source, source_socket, target, target_socket }
    : { id, source, source_socket, target, target_socket };
};
const flow = (tools: ToolNode[], wires: Wire[] = []): Workflow => ({ meta: { workflow_id: "w" }, tools, wires });
const kinds = (diff: RevisionDiff) => Object.fromEntries(diff.tools.map((t) => [t.id, t.kind]));
const wireKinds = (diff: RevisionDiff) => diff.wires.map((w) => `${w.kind} ${w.key}`);

/*
 * The browser test's two revisions (tests/e2e/hub-revisions.test.ts): every kind at once.
 *
 *   revision 1:  input_1 ──► filter_1 ─T─► sort_1          revision 2:  input_1 ──► filter_1 ─F─► sort_1 (moved)
 *                   └─────► select_1                                      └─────► sample_1 (new)
 *                                                                      filter_1's expression changed; select_1 gone
 */
const before = flow(
  [
    tool("input_1", "input", { source: "sales.csv" }, 80, 80),
    tool("filter_1", "filter", { mode: "expression", expression: "amount > 10" }, 340, 80),
    tool("select_1", "select", { columns: [], keep_others: true }, 340, 240),
    tool("sort_1", "sort", { by: [] }, 600, 80),
  ],
  [wire("input_1", "filter_1"), wire("filter_1:output-true", "sort_1"), wire("input_1", "select_1")],
);
const after = flow(
  [
    tool("input_1", "input", { source: "sales.csv" }, 80, 80),
    tool("filter_1", "filter", { mode: "expression", expression: "amount > 20" }, 340, 80),
    tool("sort_1", "sort", { by: [] }, 640, 200),
    tool("sample_1", "sample", { method: "first", n: 5 }, 340, 400),
  ],
  [wire("input_1", "filter_1"), wire("filter_1:output-false", "sort_1"), wire("input_1", "sample_1")],
);

describe("diffRevisions", () => {
  test("add, remove, change, move and rewire at once, each tool and wire with its kind", () => {
    const diff = diffRevisions(before, after);
    expect(kinds(diff)).toEqual({
      input_1: "same",
      filter_1: "changed",
      sort_1: "moved",
      sample_1: "added",
      select_1: "removed",
    });
    // The newer revision's tools in its order, then the removed ones.
    expect(diff.tools.map((t) => t.id)).toEqual(["input_1", "filter_1", "sort_1", "sample_1", "select_1"]);
    expect(diff.tools[1]).toMatchObject({ configKeys: ["expression"], fields: [], moved: false });
    expect(wireKinds(diff)).toEqual([
      "same input_1.output → filter_1.input",
      "added filter_1.output-false → sort_1.input",
      "added input_1.output → sample_1.input",
      "removed filter_1.output-true → sort_1.input",
      "removed input_1.output → select_1.input",
    ]);
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1, moved: 1, wiresAdded: 2, wiresRemoved: 2 });
    expect(hasChanges(diff)).toBe(true);
  });

  test("the tools of each kind keep both sides: a removed tool its old self, an added one its new self", () => {
    const diff = diffRevisions(before, after);
    const byId = new Map(diff.tools.map((t) => [t.id, t]));
    expect(byId.get("select_1")?.before?.type).toBe("select");
    expect(byId.get("select_1")?.after).toBeUndefined();
    expect(byId.get("sample_1")?.after?.config).toEqual({ method: "first", n: 5 });
    expect(byId.get("sample_1")?.before).toBeUndefined();
    expect(byId.get("sort_1")?.before?.position).toEqual({ x: 600, y: 80 });
    expect(byId.get("sort_1")?.after?.position).toEqual({ x: 640, y: 200 });
  });

  test("identical revisions, and key order alone, differ in nothing", () => {
    const a = flow([tool("s", "sort", { by: [{ column: "a", descending: true }] }, 1, 2)]);
    const b = flow([
      { position: { y: 2, x: 1 }, config: { by: [{ descending: true, column: "a" }] }, type: "sort", id: "s" },
    ]);
    const diff = diffRevisions(a, b);
    expect(kinds(diff)).toEqual({ s: "same" });
    expect(hasChanges(diff)).toBe(false);
    expect(hasChanges(diffRevisions(before, before))).toBe(false);
  });

  test("a tool moved and changed is changed, and says it moved too; a tool only moved is moved", () => {
    const a = flow([tool("s", "sort", { by: [] }), tool("t", "sort", { by: [] })]);
    const b = flow([tool("s", "sort", { by: [{ column: "x" }] }, 5, 5), tool("t", "sort", { by: [] }, 9, 9)]);
    const [s, t] = diffRevisions(a, b).tools;
    expect(s).toMatchObject({ kind: "changed", configKeys: ["by"], moved: true });
    expect(t).toMatchObject({ kind: "moved", configKeys: [], fields: [], moved: true });
  });

  test("type, label and engine are named; config keys added, removed and changed, top level only", () => {
    const a = flow([{ ...tool("x", "filter", { mode: "basic", column: "a", keep: { deep: 1 } }), label: "Old" }]);
    const b = flow([{ ...tool("x", "sample", { mode: "basic", method: "first", keep: { deep: 2 } }), engine: "e" }]);
    expect(diffRevisions(a, b).tools[0]).toMatchObject({
      kind: "changed",
      fields: ["engine", "label", "type"],
      configKeys: ["column", "keep", "method"],
    });
  });

  test("ids are the identity: a new label is a change; the same tool under another id is one removed, one added", () => {
    const a = flow([tool("f", "filter", { expression: "x" })]);
    const relabelled = flow([{ ...tool("f", "filter", { expression: "x" }), label: "Big orders" }]);
    expect(kinds(diffRevisions(a, relabelled))).toEqual({ f: "changed" });
    const renamed = flow([tool("g", "filter", { expression: "x" })]);
    expect(kinds(diffRevisions(a, renamed))).toEqual({ g: "added", f: "removed" });
  });

  test("a rewire between tools that stay is one wire removed and one added; the tools are unchanged", () => {
    const tools = [tool("a", "input"), tool("b", "sort"), tool("c", "sort")];
    const diff = diffRevisions(flow(tools, [wire("a", "b")]), flow(tools, [wire("a", "c")]));
    expect(kinds(diff)).toEqual({ a: "same", b: "same", c: "same" });
    expect(wireKinds(diff)).toEqual(["added a.output → c.input", "removed a.output → b.input"]);
  });

  test("wires match by their ends whatever their own ids, counted: a union may take the same wire twice", () => {
    const tools = [tool("a", "input"), tool("u", "union")];
    const once = flow(tools, [wire("a", "u", "w1")]);
    const twice = flow(tools, [wire("a", "u", "other"), wire("a", "u")]);
    expect(wireKinds(diffRevisions(once, twice))).toEqual(["same a.output → u.input", "added a.output → u.input #2"]);
    expect(wireKinds(diffRevisions(twice, once))).toEqual(["same a.output → u.input", "removed a.output → u.input #2"]);
  });

  test("a tool placed for the first time counts as moved; wires may be absent", () => {
    const a = { tools: [{ id: "p", type: "sort", config: {} }] } as Workflow;
    const b = { tools: [tool("p", "sort", {}, 3, 4)] } as Workflow;
    expect(diffRevisions(a, b).tools[0]?.kind).toBe("moved");
    expect(diffRevisions(a, b).wires).toEqual([]);
  });
});

/** The Hub's diff (`GET /workflows/{id}/diff`) from ours: the two must tell the same story. */
function asHubDiff(diff: RevisionDiff) {
  const ids = (kind: string) => diff.tools.filter((t) => t.kind === kind).map((t) => t.id);
  return {
    tools_added: ids("added"),
    tools_removed: ids("removed"),
    tools_changed: diff.tools
      .filter((t) => t.kind === "changed")
      .map((t) => ({
        id: t.id,
        type: t.after?.type,
        config_keys_changed: t.configKeys,
        fields_changed: [...t.fields, ...(t.moved ? ["position"] : [])].sort(),
      })),
    tools_moved: ids("moved"),
    wires_added: diff.wires.filter((w) => w.kind === "added").map((w) => w.ends),
    wires_removed: diff.wires.filter((w) => w.kind === "removed").map((w) => w.ends),
  };
}

test("the web's diff agrees with the Hub's on every case above", () => {
  const tools = [tool("a", "input"), tool("u", "union"), tool("b", "sort")];
  const pairs: [Workflow, Workflow][] = [
    [before, after],
    [after, before],
    [before, before],
    [flow([tool("s", "sort", { by: [] })]), flow([{ ...tool("s", "sample", { n: 1 }, 4, 4), label: "L" }])],
    [flow(tools, [wire("a", "u"), wire("a", "b")]), flow(tools, [wire("a", "u"), wire("a", "u"), wire("u", "b")])],
    [flow([]), after],
    [after, flow([])],
  ];
  for (const [from, to] of pairs) expect(asHubDiff(diffRevisions(from, to))).toEqual(diffWorkflows(from, to));
});
