import { describe, expect, test } from "bun:test";
import { redactForArchive, scrubMessage } from "./archive-redact";

describe("redactForArchive", () => {
  test("masks secret-named members and URI passwords at any depth; keeps the rest as sent", () => {
    const workflow = {
      meta: { workflow_id: "w", name: "Zürich 東", api_key: "sk-123", notes: null },
      tools: [
        {
          id: "db",
          type: "input",
          config: { source_type: "postgresql", connection: { uri: "postgresql://u:s3cr3t@h/db" }, table: "t" },
        },
        { id: "f", type: "filter", config: { mode: "basic", column: "password", operator: "==", value: 5 } },
        { id: "x", type: "input", config: { options: { Password: "p", pwd: 12, token: "t", has_header: true } } },
      ],
      wires: [],
    };
    const out: unknown = redactForArchive(workflow);
    expect(out).toEqual({
      meta: { workflow_id: "w", name: "Zürich 東", api_key: "***", notes: null },
      tools: [
        {
          id: "db",
          type: "input",
          config: { source_type: "postgresql", connection: { uri: "postgresql://u:***@h/db" }, table: "t" },
        },
        // A column named "password" is data, not a secret.
        { id: "f", type: "filter", config: { mode: "basic", column: "password", operator: "==", value: 5 } },
        {
          id: "x",
          type: "input",
          config: { options: { Password: "***", pwd: "***", token: "***", has_header: true } },
        },
      ],
      wires: [],
    });
    // The input is not changed.
    expect(workflow.tools[0]?.config.connection?.uri).toBe("postgresql://u:s3cr3t@h/db");
  });
});

describe("scrubMessage", () => {
  test("removes the user and the decoded password a driver quotes", () => {
    const uri = "postgresql://warehouse:p%40ssw0rd-9@h:5432/db";
    const message = 'password authentication failed for user "warehouse" (p@ssw0rd-9)';
    const scrubbed = scrubMessage(message, [uri]);
    expect(scrubbed).not.toContain("warehouse");
    expect(scrubbed).not.toContain("p@ssw0rd-9");
  });
  test("a message without URIs or secrets is unchanged", () => {
    expect(scrubMessage('Unknown column "prize" (columns: id, price)', [])).toBe(
      'Unknown column "prize" (columns: id, price)',
    );
  });
});
