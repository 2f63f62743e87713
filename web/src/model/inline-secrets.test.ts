import { expect, test } from "bun:test";
import { inlineSecretsNote, toolsWithInlineSecrets } from "./inline-secrets";
import type { WorkflowDoc } from "./workflow";

const input = (id: string, config: Record<string, unknown>) => ({
  id,
  type: "input",
  config,
  position: { x: 0, y: 0 },
});

test("only database Inputs whose URI carries a password are named", () => {
  const doc: WorkflowDoc = {
    meta: { workflow_id: "w", name: "w" },
    tools: [
      input("pg", { source_type: "postgresql", connection: { uri: "postgresql://ana:s3cret@db/shop" }, table: "t" }),
      input("reader", { source_type: "postgresql", connection: { uri: "postgresql://reader@db/shop" }, table: "t" }),
      input("stored", { source_type: "postgresql", connection_id: "c1", table: "t" }),
      input("file", { source: "/data/sales.csv" }),
      input("token", { source_type: "mssql", connection: { uri: "mssql://h/db?password=x" }, table: "t" }),
    ],
    wires: [],
  };
  expect(toolsWithInlineSecrets(doc)).toEqual(["pg", "token"]);
});

test("the note names the tools, and is empty for none", () => {
  expect(inlineSecretsNote([])).toBe("");
  expect(inlineSecretsNote(["input_1"])).toContain("input_1's database password");
  expect(inlineSecretsNote(["a", "b"])).toContain("the database passwords of a, b");
});
