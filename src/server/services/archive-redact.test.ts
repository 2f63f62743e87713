import { describe, expect, test } from "bun:test";
import { redactForArchive, redactUris, scrubMessage } from "./archive-redact";

describe("redactUris", () => {
  const cases: [string, string][] = [
    ["postgresql://u:secret@127.0.0.1:1/x", "postgresql://u:***@127.0.0.1:1/x"],
    ["mysql://root:p%40ss@db:3306/shop?ssl=true", "mysql://root:***@db:3306/shop?ssl=true"],
    // An unencoded `@` or `/` in the password: masked whole, to the last `@`.
    ["postgresql://u:pa@ss/wd@host/db", "postgresql://u:***@host/db"],
    ["mssql://sa:Str0ng!Pass@sql:1433/dw?encrypt=false", "mssql://sa:***@sql:1433/dw?encrypt=false"],
    ["postgresql://u@h/db?sslmode=require&password=hunter2", "postgresql://u@h/db?sslmode=require&password=***"],
    [
      "postgresql://h/db?sslpassword=k3y&application_name=weft",
      "postgresql://h/db?sslpassword=***&application_name=weft",
    ],
    // Two URIs in one text, a user without a password, and no URI at all.
    ["from pg://a:b1@h1/x to pg://c:d2@h2/y", "from pg://a:***@h1/x to pg://c:***@h2/y"],
    ["postgresql://reader@h:5432/db", "postgresql://reader@h:5432/db"],
    ["/home/ana/shop.db", "/home/ana/shop.db"],
    ["pl.col(\"password\") == 'x'", "pl.col(\"password\") == 'x'"],
    ["", ""],
  ];
  for (const [input, expected] of cases) test(input || "(empty)", () => expect(redactUris(input)).toBe(expected));
});

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
