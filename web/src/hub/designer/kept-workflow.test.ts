import { describe, expect, test } from "bun:test";
import { keptHubWorkflow, recallHubWorkflow } from "./kept-workflow";

const ref = { id: "wf-1", name: "Sales", revision: 3 };

describe("the Hub workflow kept with the autosave", () => {
  test("kept with whose session held it; nothing when the designer holds none or no one is signed in", () => {
    expect(keptHubWorkflow(ref, "u-1")).toEqual({ user_id: "u-1", workflow: ref });
    expect(keptHubWorkflow(undefined, "u-1")).toBeNull();
    expect(keptHubWorkflow(ref, undefined)).toBeNull();
  });

  test("recalled for the same person only", () => {
    const kept = JSON.parse(JSON.stringify(keptHubWorkflow(ref, "u-1")));
    expect(recallHubWorkflow(kept, "u-1")).toEqual(ref);
    expect(recallHubWorkflow(kept, "u-2")).toBeUndefined();
    expect(recallHubWorkflow(kept, undefined)).toBeUndefined();
  });

  test.each([
    ["nothing kept", null],
    ["not an object", "wf-1"],
    ["no workflow", { user_id: "u-1" }],
    ["an empty id", { user_id: "u-1", workflow: { ...ref, id: "" } }],
    ["a revision that is no revision", { user_id: "u-1", workflow: { ...ref, revision: 0 } }],
    ["a revision as text", { user_id: "u-1", workflow: { ...ref, revision: "3" } }],
    ["no name", { user_id: "u-1", workflow: { id: "wf-1", revision: 3 } }],
  ])("a stored value of the wrong shape (%s) attaches nothing", (_, kept) => {
    expect(recallHubWorkflow(kept, "u-1")).toBeUndefined();
  });
});
