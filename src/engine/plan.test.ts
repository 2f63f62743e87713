import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { SafetyLimitError, ToolConfigError, ValidationError } from "../shared/errors";
import type { Workflow } from "../shared/workflow";
import { buildPlan } from "./plan";
import type { ToolCatalog } from "./validate";

// A catalog of three shapes, enough for the graph logic (the real tools are tested on their own).
const catalog: ToolCatalog = {
  source: { inputs: [], outputs: ["output"], blocking: false, config: z.strictObject({ name: z.string() }) },
  step: {
    inputs: [{ id: "input", required: true, multiple: false }],
    outputs: ["output"],
    blocking: false,
    config: z.strictObject({ n: z.number().default(1) }),
  },
  heavy: {
    inputs: [{ id: "input", required: true, multiple: false }],
    outputs: ["output"],
    blocking: true,
    config: z.strictObject({}),
  },
  split: {
    inputs: [{ id: "input", required: true, multiple: false }],
    outputs: ["output-true", "output-false"],
    blocking: false,
    config: z.strictObject({}),
  },
  merge: {
    inputs: [{ id: "input", required: true, multiple: true }],
    outputs: ["output"],
    blocking: false,
    config: z.strictObject({}),
  },
  pair: {
    inputs: [
      { id: "input-left", required: true, multiple: false },
      { id: "input-right", required: true, multiple: false },
    ],
    outputs: ["output-match"],
    blocking: true,
    config: z.strictObject({}),
  },
};

const wire = (source: string, target: string, source_socket = "output", target_socket = "input") => ({
  source,
  source_socket,
  target,
  target_socket,
});

/*
 *   a ──► b ──► d (heavy) ──► e
 *         │
 *         └──► m (merge) ◄── c
 */
const workflow = (): Workflow => ({
  meta: { workflow_id: "w1" },
  tools: [
    { id: "a", type: "source", config: { name: "a" } },
    { id: "b", type: "step", config: { n: 2 } },
    { id: "c", type: "source", config: { name: "c" } },
    { id: "d", type: "heavy", config: {} },
    { id: "e", type: "step", config: {} },
    { id: "m", type: "merge", config: {} },
  ],
  wires: [wire("a", "b"), wire("b", "d"), wire("d", "e"), wire("b", "m"), wire("c", "m")],
});

describe("buildPlan", () => {
  test("orders tools by dependency and groups them in levels", () => {
    const plan = buildPlan(workflow(), catalog);
    expect(plan.levels).toEqual([["a", "c"], ["b"], ["d", "m"], ["e"]]);
    const at = (id: string) => plan.order.indexOf(id);
    for (const [from, to] of [
      ["a", "b"],
      ["b", "d"],
      ["d", "e"],
      ["b", "m"],
      ["c", "m"],
    ] as const)
      expect(at(from)).toBeLessThan(at(to));
  });

  test("plans only what the target needs", () => {
    const plan = buildPlan(workflow(), catalog, { targets: ["d"] });
    expect([...plan.tools.keys()].sort()).toEqual(["a", "b", "d"]);
    expect(plan.tools.get("b")?.consumers).toEqual({ output: ["d"] });
  });

  test("keeps a multiple socket's wires in wire order", () => {
    const w = workflow();
    w.wires = [wire("a", "b"), wire("c", "m"), wire("b", "m")];
    const plan = buildPlan(w, catalog, { targets: ["m"] });
    expect(plan.tools.get("m")?.inputs.input?.map((r) => r.tool)).toEqual(["c", "b"]);
  });

  test("parses each config by its schema (defaults applied) and freezes the plan", () => {
    const plan = buildPlan(workflow(), catalog);
    expect(plan.tools.get("e")?.config).toEqual({ n: 1 });
    expect(Object.isFrozen(plan.levels)).toBe(true);
    expect(Object.isFrozen(plan.tools.get("b"))).toBe(true);
  });
});

describe("lineage hashes", () => {
  const hashes = (w: Workflow, fingerprint?: () => string) => {
    const plan = buildPlan(w, catalog, { fingerprint });
    return Object.fromEntries([...plan.tools].map(([id, t]) => [id, t.hash]));
  };

  test("are stable, and do not depend on key order, positions or labels", () => {
    const w2 = workflow();
    w2.tools = w2.tools.map((t) => ({ ...t, position: { x: 1, y: 2 }, label: "renamed", config: { ...t.config } }));
    expect(hashes(workflow())).toEqual(hashes(w2));
  });

  test("a config change changes that tool and everything downstream, nothing upstream", () => {
    const before = hashes(workflow());
    const w = workflow();
    (w.tools[1] as { config: Record<string, unknown> }).config = { n: 3 };
    const after = hashes(w);
    expect(after.a).toBe(before.a as string);
    expect(after.c).toBe(before.c as string);
    for (const id of ["b", "d", "e", "m"]) expect(after[id]).not.toBe(before[id] as string);
  });

  test("a source fingerprint (file size and time) changes the hashes", () => {
    expect(hashes(workflow(), () => "f1").d).not.toBe(hashes(workflow(), () => "f2").d as string);
  });

  test("the socket a wire comes from is part of the hash", () => {
    const w = (socket: string): Workflow => ({
      meta: { workflow_id: "w" },
      tools: [
        { id: "a", type: "source", config: { name: "a" } },
        { id: "s", type: "split", config: {} },
        { id: "b", type: "step", config: {} },
      ],
      wires: [wire("a", "s"), wire("s", "b", socket)],
    });
    expect(hashes(w("output-true")).b).not.toBe(hashes(w("output-false")).b as string);
  });
});

describe("bad workflows are 400s naming the tool", () => {
  const cases: [string, (w: Workflow) => void, string, RegExp][] = [
    [
      "unknown tool type",
      (w) => {
        (w.tools[1] as { type: string }).type = "teleport";
      },
      "b",
      /unknown tool type "teleport"/,
    ],
    [
      "duplicate ids",
      (w) => {
        w.tools.push({ id: "b", type: "step", config: {} });
      },
      "b",
      /Duplicate tool id "b"/,
    ],
    [
      "a wire from a missing tool",
      (w) => {
        w.wires.push(wire("ghost", "e"));
      },
      "e",
      /tool "ghost", which is not in the workflow/,
    ],
    [
      "a wire to a missing tool",
      (w) => {
        w.wires.push(wire("e", "ghost"));
      },
      "e",
      /tool "ghost", which is not in the workflow/,
    ],
    [
      "an unknown output socket",
      (w) => {
        w.wires.push(wire("a", "m", "output-true"));
      },
      "a",
      /no output socket "output-true"/,
    ],
    [
      "an unknown input socket",
      (w) => {
        w.wires.push(wire("a", "m", "output", "input-left"));
      },
      "m",
      /no input socket "input-left"/,
    ],
    [
      "two wires into a single socket",
      (w) => {
        w.wires.push(wire("c", "b"));
      },
      "b",
      /takes one wire/,
    ],
    [
      "a required input left unwired",
      (w) => {
        w.wires = w.wires.filter((x) => x.target !== "e");
      },
      "e",
      /input socket "input" is not connected/,
    ],
    [
      "a cycle",
      (w) => {
        w.wires = [...w.wires.filter((x) => x.source !== "a"), wire("e", "b")];
      },
      "b",
      /is on a cycle/,
    ],
    [
      "a self-loop",
      (w) => {
        w.wires.push(wire("m", "m"));
      },
      "m",
      /is on a cycle/,
    ],
    [
      "an invalid config",
      (w) => {
        (w.tools[1] as { config: unknown }).config = { n: "two" };
      },
      "b",
      /config\.n/,
    ],
    [
      "an unknown config field",
      (w) => {
        (w.tools[1] as { config: unknown }).config = { n: 1, extra: true };
      },
      "b",
      /config/,
    ],
    [
      "an unknown engine",
      (w) => {
        (w.tools[1] as { engine?: string }).engine = "spark";
      },
      "b",
      /unknown engine "spark"/,
    ],
  ];
  test.each(cases)("%s", (_, mutate, toolId, message) => {
    const w = workflow();
    mutate(w);
    let caught: unknown;
    try {
      buildPlan(w, catalog);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ToolConfigError);
    expect((caught as ToolConfigError).status).toBe(400);
    expect((caught as ToolConfigError).toolId).toBe(toolId);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).toContain(`"${toolId}"`);
  });

  test("a target the workflow does not hold", () => {
    expect(() => buildPlan(workflow(), catalog, { targets: ["nope"] })).toThrow(ValidationError);
  });

  test("an unwired tool elsewhere does not stop a preview of another branch", () => {
    const w = workflow();
    w.tools.push({ id: "lonely", type: "step", config: {} });
    expect(() => buildPlan(w, catalog, { targets: ["d"] })).not.toThrow();
    expect(() => buildPlan(w, catalog)).toThrow(/lonely/);
  });

  test("a deep chain does not overflow the stack", () => {
    const tools = [{ id: "t0", type: "source", config: { name: "x" } }];
    const wires = [];
    for (let i = 1; i < 20_000; i++) {
      tools.push({ id: `t${i}`, type: "step", config: {} } as never);
      wires.push(wire(`t${i - 1}`, `t${i}`));
    }
    const plan = buildPlan({ meta: { workflow_id: "deep" }, tools, wires } as Workflow, catalog, {
      targets: ["t19999"],
    });
    expect(plan.levels.length).toBe(20_000);
  });
});

describe("a plan that leaves unplannable tools out (preview_all)", () => {
  test("an unwired or badly configured tool fails alone, its downstream with a 424; the rest is planned", () => {
    const workflow: Workflow = {
      meta: { workflow_id: "w" },
      tools: [
        { id: "s", type: "source", config: { name: "a" } },
        { id: "ok", type: "step", config: {} },
        { id: "bad", type: "step", config: { n: "three" } },
        { id: "below", type: "step", config: {} },
        { id: "loose", type: "step", config: {} },
      ],
      wires: [
        { source: "s", source_socket: "output", target: "ok", target_socket: "input" },
        { source: "s", source_socket: "output", target: "bad", target_socket: "input" },
        { source: "bad", source_socket: "output", target: "below", target_socket: "input" },
      ],
    };
    const unplanned = new Map<string, { detail: string; status: number }>();
    const plan = buildPlan(workflow, catalog, { unplanned });
    expect([...plan.order]).toEqual(["s", "ok"]);
    expect(unplanned.get("bad")?.status).toBe(400);
    expect(unplanned.get("bad")?.detail).toContain('Tool "bad" (step)');
    expect(unplanned.get("below")).toEqual({ detail: 'Tool "bad" upstream of this tool failed', status: 424 });
    expect(unplanned.get("loose")?.detail).toContain('input socket "input" is not connected');
    // Without the map, the same workflow is refused as a whole.
    expect(() => buildPlan(workflow, catalog)).toThrow(ToolConfigError);
  });
});

describe("a tool reached by too many paths (MAX_PLAN_PATHS)", () => {
  /** A source, then `n` merges each reading the one before twice: merge i is reached by 2^i paths. */
  const doubling = (n: number): Workflow => ({
    meta: { workflow_id: "w-doubling" },
    tools: [
      { id: "s", type: "source", config: { name: "s" } },
      ...Array.from({ length: n }, (_, i) => ({ id: `m${i + 1}`, type: "merge", config: {} })),
    ],
    wires: Array.from({ length: n }, (_, i) => [i === 0 ? "s" : `m${i}`, `m${i + 1}`]).flatMap(([from, to]) => [
      wire(from as string, to as string),
      wire(from as string, to as string),
    ]),
  });

  test("each tool counts the paths from its sources; one at the limit is planned, one past it refused with 422", () => {
    const plan = buildPlan(doubling(3), catalog, { maxPaths: 8 });
    expect(["s", "m1", "m2", "m3"].map((id) => plan.tools.get(id)?.paths)).toEqual([1, 2, 4, 8]);
    let err: unknown;
    try {
      buildPlan(doubling(30), catalog, { maxPaths: 8 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SafetyLimitError);
    expect(err).toMatchObject({ status: 422, limit: 8, wouldBe: 16 });
    expect((err as Error).message).toBe(
      'Tool "m4" (merge) is reached by 16 paths from its sources, over the limit of 8 (setting MAX_PLAN_PATHS): its upstream work would be planned once per path',
    );
  });

  test("preview_all plans the tools under the limit and reports the rest", () => {
    const unplanned = new Map<string, { detail: string; status: number }>();
    const plan = buildPlan(doubling(30), catalog, { maxPaths: 8, unplanned });
    expect([...plan.order]).toEqual(["s", "m1", "m2", "m3"]);
    expect(unplanned.get("m4")?.status).toBe(422);
    expect(unplanned.get("m30")).toEqual({ detail: 'Tool "m29" upstream of this tool failed', status: 424 });
  });
});
