import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FeatureDisabledError, NotFoundError, ValidationError } from "../../shared/errors";
import type { Workflow } from "../../shared/workflow";
import { type ConnectionResolverDeps, connectionsForRun, resolveConnection } from "./connection-resolver";
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

const resolve = (config: Record<string, unknown>, deps: ConnectionResolverDeps) =>
  resolveConnection({ id: "in0", type: "input", config }, "w", deps);

describe("resolveConnection", () => {
  test("a server connection id becomes its decrypted URI; its identity carries no secret", async () => {
    const one = await resolve({ source_type: "postgresql", connection_id: warehouse.id }, { store });
    expect(one.ownership).toBe("server");
    expect(one.uri).toBe("postgresql://analyst:s3cret-pw@db.internal:5432/sales");
    expect(one.identity).toBe(`server:${warehouse.id}:postgresql://analyst@db.internal:5432/sales`);
    expect(one.identity).not.toContain("s3cret");
  });

  test("a client URI passes as given; its identity drops the password", async () => {
    const uri = "postgresql://me:pw-123@127.0.0.1:5432/db";
    expect(await resolve({ source_type: "postgresql", connection: { uri } }, { store })).toEqual({
      ownership: "client",
      uri,
      identity: "client:postgresql://me@127.0.0.1:5432/db",
    });
    const sqlite = await resolve({ source_type: "sqlite", connection: { uri: "/data/x.db" } }, { store: undefined });
    expect(sqlite.identity).toBe("client:/data/x.db");
  });

  test("with a Hub, connection ids are the Hub's and are looked up there", async () => {
    const asked: string[] = [];
    const hub = async (id: string, workflowId: string) => {
      asked.push(`${workflowId}/${id}`);
      return "mysql://hub-user:hub-pw@10.0.0.5:3306/x";
    };
    const one = await resolve({ source_type: "mysql", connection_id: "hub-7" }, { store, hub });
    expect(asked).toEqual(["w/hub-7"]);
    expect(one).toMatchObject({ ownership: "hub", identity: "hub:hub-7:mysql://hub-user@10.0.0.5:3306/x" });
  });

  test("refusals: both or neither given, an empty URI, an unknown id, no store", async () => {
    const both = await failure(
      resolve({ source_type: "sqlite", connection_id: "a", connection: { uri: "/x.db" } }, { store }),
    );
    expect(both).toBeInstanceOf(ValidationError);
    expect(both.message).toContain('Tool "in0"');
    expect(await failure(resolve({ source_type: "sqlite" }, { store }))).toBeInstanceOf(ValidationError);
    expect(await failure(resolve({ source_type: "sqlite", connection: { uri: "" } }, { store }))).toBeInstanceOf(
      ValidationError,
    );
    const unknown = await failure(resolve({ source_type: "postgresql", connection_id: "nope" }, { store }));
    expect(unknown).toBeInstanceOf(NotFoundError);
    const disabled = await failure(
      resolve({ source_type: "postgresql", connection_id: warehouse.id }, { store: undefined }),
    );
    expect(disabled).toBeInstanceOf(FeatureDisabledError);
    expect(disabled.message).toContain("CONNECTION_ENCRYPTION_KEY");
  });
});

describe("connectionsForRun", () => {
  test("resolves every database Input, strips client URIs from the configs, leaves other tools alone", async () => {
    const uri = "postgresql://me:pw-123@127.0.0.1:5432/db";
    const workflow = flow(
      { source_type: "postgresql", connection: { uri }, table: "t" },
      { source_type: "postgresql", connection_id: warehouse.id, query: "SELECT 1" },
    );
    const prepared = await connectionsForRun(workflow, { store });
    expect(Object.keys(prepared.connections).sort()).toEqual(["in0", "in1"]);
    expect(prepared.connections.in0).toEqual({ uri, identity: "client:postgresql://me@127.0.0.1:5432/db" });
    expect(prepared.workflow.tools[0]?.config).toEqual({ source_type: "postgresql", table: "t" });
    expect(prepared.workflow.tools[1]?.config).toEqual(workflow.tools[1]?.config as Record<string, unknown>);
    expect(prepared.workflow.tools.slice(2)).toEqual(workflow.tools.slice(2));
    expect(JSON.stringify(prepared.workflow)).not.toContain("pw-123");
    // The request's own workflow is not changed.
    expect(workflow.tools[0]?.config.connection).toEqual({ uri });
  });

  test("a connection that does not resolve becomes that tool's error, not the request's", async () => {
    const prepared = await connectionsForRun(
      flow(
        { source_type: "postgresql", connection_id: "nope" },
        { source_type: "sqlite", connection: { uri: "/x.db" } },
      ),
      { store },
    );
    const failed = prepared.connections.in0;
    expect(failed && "error" in failed ? failed.error.name : "resolved").toBe("NotFoundError");
    expect(prepared.connections.in1).toEqual({ uri: "/x.db", identity: "client:/x.db" });
  });
});
