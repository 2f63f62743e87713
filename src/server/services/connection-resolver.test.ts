import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Workflow } from "../../engine/workflow";
import { FeatureDisabledError, NotFoundError, ValidationError } from "../../shared/errors";
import { resolveConnections } from "./connection-resolver";
import { CONNECTIONS_FILE, ConnectionStore } from "./connection-store";

const dir = mkdtempSync(join(tmpdir(), "weft-resolver-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = new ConnectionStore(join(dir, CONNECTIONS_FILE), "resolver-test-key");
const warehouse = store.create({
  name: "warehouse",
  type: "postgresql",
  host: "db.internal",
  port: 5432,
  database: "sales",
  username: "analyst",
  password: "s3cret-pw",
});

const flow = (...inputs: Record<string, unknown>[]): Workflow => ({
  meta: { workflow_id: "w" },
  tools: [
    ...inputs.map((config, i) => ({ id: `in${i}`, type: "input", config })),
    { id: "csv", type: "input", config: { source: "/data/a.csv" } },
    { id: "f", type: "filter", config: { connection_id: "not an input" } },
  ],
  wires: [],
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
}

describe("resolveConnections", () => {
  test("a server connection id becomes its decrypted URI; its identity carries no secret", async () => {
    const resolved = await resolveConnections(flow({ source_type: "postgresql", connection_id: warehouse.id }), {
      store,
    });
    expect([...resolved.keys()]).toEqual(["in0"]);
    const one = resolved.get("in0");
    expect(one?.ownership).toBe("server");
    expect(one?.uri).toBe("postgresql://analyst:s3cret-pw@db.internal:5432/sales");
    expect(one?.identity).toBe(`server:${warehouse.id}`);
  });

  test("a client URI passes as given; its identity drops the password", async () => {
    const uri = "postgresql://me:pw-123@127.0.0.1:5432/db";
    const resolved = await resolveConnections(flow({ source_type: "postgresql", connection: { uri } }), { store });
    expect(resolved.get("in0")).toEqual({
      ownership: "client",
      uri,
      identity: "client:postgresql://me@127.0.0.1:5432/db",
    });
    const sqlite = await resolveConnections(flow({ source_type: "sqlite", connection: { uri: "/data/x.db" } }), {
      store: undefined,
    });
    expect(sqlite.get("in0")?.identity).toBe("client:/data/x.db");
  });

  test("with a Hub, connection ids are the Hub's and are looked up there", async () => {
    const asked: string[] = [];
    const hub = async (id: string, workflowId: string) => {
      asked.push(`${workflowId}/${id}`);
      return "mysql://hub-user:hub-pw@10.0.0.5:3306/x";
    };
    const resolved = await resolveConnections(flow({ source_type: "mysql", connection_id: "hub-7" }), { store, hub });
    expect(asked).toEqual(["w/hub-7"]);
    expect(resolved.get("in0")).toMatchObject({ ownership: "hub", identity: "hub:hub-7" });
  });

  test("refusals: both or neither given, an empty URI, an unknown id, no store", async () => {
    const both = await failure(
      resolveConnections(flow({ source_type: "sqlite", connection_id: "a", connection: { uri: "/x.db" } }), { store }),
    );
    expect(both).toBeInstanceOf(ValidationError);
    expect(both.message).toContain('Tool "in0"');
    const neither = await failure(resolveConnections(flow({ source_type: "sqlite" }), { store }));
    expect(neither).toBeInstanceOf(ValidationError);
    const empty = await failure(
      resolveConnections(flow({ source_type: "sqlite", connection: { uri: "" } }), { store }),
    );
    expect(empty).toBeInstanceOf(ValidationError);
    const unknown = await failure(
      resolveConnections(flow({ source_type: "postgresql", connection_id: "nope" }), { store }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    const disabled = await failure(
      resolveConnections(flow({ source_type: "postgresql", connection_id: warehouse.id }), { store: undefined }),
    );
    expect(disabled).toBeInstanceOf(FeatureDisabledError);
    expect(disabled.message).toContain("CONNECTION_ENCRYPTION_KEY");
  });
});
