import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_PASSWORD } from "../helpers/api-scenario";
import { placed, wire } from "../helpers/hub-workflows";
import { readSse } from "../helpers/sse";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { writeCsv } from "../helpers/workflows";

/*
 * The whole path as an operator deploys it, over real HTTP: `weft all` (Hub and Server in one
 * app), and `weft hub` beside a separate `weft server`. Register the owner, add a filesystem
 * connection, register the Server, store a workflow, run it, follow its events, download its
 * artifacts and find the output file correct. The Server runs with AUTH_MODE=disabled until
 * hub mode lands (it takes the capability token as any bearer).
 */
const layouts: [string, () => Promise<{ hub: TestApp; server: TestApp; apps: TestApp[] }>][] = [
  [
    "weft all",
    async () => {
      const app = await makeTestApp({ mode: "all", env: { AUTH_MODE: "disabled" } });
      return { hub: app, server: app, apps: [app] };
    },
  ],
  [
    "weft hub and a separate weft server",
    async () => {
      const hub = await makeTestApp({ mode: "hub" });
      const server = await makeTestApp({ mode: "server", env: { AUTH_MODE: "disabled" } });
      return { hub, server, apps: [hub, server] };
    },
  ],
];

for (const [name, layout] of layouts) {
  describe(name, () => {
    let apps: TestApp[] = [];
    let serverHome: string;
    const listeners: ReturnType<typeof Bun.serve>[] = [];
    let hubUrl: string;
    let serverUrl: string;
    let token = "";

    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${hubUrl}/api/v1${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res;
    };
    const json = async (method: string, path: string, body?: unknown, status = 200) => {
      const res = await call(method, path, body);
      const text = await res.text();
      expect({ path, status: res.status, text }).toMatchObject({ status });
      return JSON.parse(text);
    };

    beforeAll(async () => {
      const made = await layout();
      apps = made.apps;
      serverHome = made.server.home;
      const serve = (app: TestApp) => {
        const listener = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.app.fetch, idleTimeout: 120 });
        listeners.push(listener);
        return `http://127.0.0.1:${listener.port}`;
      };
      hubUrl = serve(made.hub);
      serverUrl = made.server === made.hub ? hubUrl : serve(made.server);
    });
    afterAll(async () => {
      for (const l of listeners) l.stop(true);
      for (const app of apps) await app.close();
    });

    test("owner, connection, Server, workflow, run: events in order, artifacts, the output file", async () => {
      const registered = await json("POST", "/auth/register", { username: "owner", password: TEST_PASSWORD }, 201);
      token = registered.token;
      await json("POST", "/connections", { name: "files", type: "filesystem", path: serverHome }, 201);
      const server = await json("POST", "/servers", { name: "analysis", endpoint: serverUrl }, 201);
      expect((await json("POST", `/servers/${server.id}/refresh`)).status).toBe("online");

      const input = writeCsv(
        join(serverHome, "orders.csv"),
        ["id", "total"],
        [
          [1, 5],
          [2, 7],
        ],
      );
      const output = join(serverHome, "orders-copy.csv");
      const workflow = await json(
        "POST",
        "/workflows",
        {
          name: "copy orders",
          content: {
            meta: { workflow_id: "orders", name: "Copy orders" },
            tools: [placed("in", "input", { source: input }), placed("out", "output", { path: output }, 300)],
            wires: [wire("in", "out")],
          },
        },
        201,
      );

      const stream = readSse(await call("GET", "/executions/stream"));
      const run = await json("POST", "/executions", { workflow_id: workflow.id }, 201);
      expect(run.status).toBe("queued");
      await stream.until(
        (evs) => evs.some((e) => e.data.execution_id === run.id && e.data.status === "succeeded"),
        "the run to succeed",
      );
      const order = stream.events
        .filter((e) => e.data.execution_id === run.id && e.event !== "execution.log")
        .map((e) => (e.event === "execution.tool" ? `${e.data.tool_id}:${e.data.tool_status}` : e.data.status));
      expect(order).toEqual([
        "queued",
        "running",
        "in:running",
        "in:success",
        "out:running",
        "out:success",
        "succeeded",
      ]);
      await stream.close();

      const { artifacts } = await json("GET", `/executions/${run.id}/artifacts`);
      const outputs = artifacts.find((a: { kind: string }) => a.kind === "output");
      const res = await call("GET", `/executions/${run.id}/artifacts/${outputs.id}`);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      const { files } = (await res.json()) as { files: { path: string; rows: number }[] };
      expect(files).toEqual([{ tool_id: "out", path: output, rows: 2 }] as never);
      expect(readFileSync(output, "utf8").trim().split("\n")).toEqual(["id,total", "1,5", "2,7"]);
      await waitUntil(async () => (await json("GET", `/executions/${run.id}`)).finished_at !== null, "the record");
    }, 60_000);
  });
}
