/**
 * A real HTTP server on 127.0.0.1 that answers `GET /api/health/` the way a Weft Server
 * does, or fails the way a broken one would, as the test says: the Hub's poller and
 * capability tests talk to it over real sockets (no fetch is mocked).
 */
export type HealthMode = "ok" | "http_500" | "not_weft" | "hang";

export interface FakeServerHealth {
  /** The base URL to register (http://127.0.0.1:<port>). */
  endpoint: string;
  mode: HealthMode;
  /** What the health answer reports as the engine's busy and queued requests. */
  busy: number;
  queued: number;
  version: string;
  /** How many health requests arrived so far. */
  readonly hits: number;
  /** Ends every request left hanging, and stops listening. */
  stop(): Promise<void>;
}

export function startFakeServerHealth(
  init: Partial<Pick<FakeServerHealth, "mode" | "busy" | "queued" | "version">> = {},
) {
  const hanging: (() => void)[] = [];
  let hits = 0;
  const state = { mode: "ok" as HealthMode, busy: 0, queued: 0, version: "0.9.0-test", ...init };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path !== "/api/health/") return new Response("not found", { status: 404 });
      hits++;
      if (state.mode === "http_500") return new Response("boom", { status: 500 });
      if (state.mode === "not_weft") return Response.json({ hello: "world" });
      if (state.mode === "hang") {
        return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response("late", { status: 503 }))));
      }
      return Response.json({
        status: "ok",
        version: state.version,
        message: "Weft Server is running",
        python_version: "bun (no Python runtime)",
        platform: "linux",
        polars_version: "0.0.0",
        max_preview_rows: 1000,
        runtime_version: "bun",
        duckdb_version: "0.0.0",
        engine: { executors: 2, ready: 1, busy: state.busy, starting: 0, queued: state.queued },
      });
    },
  });
  const fake: FakeServerHealth = {
    endpoint: `http://127.0.0.1:${server.port}`,
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get busy() {
      return state.busy;
    },
    set busy(n) {
      state.busy = n;
    },
    get queued() {
      return state.queued;
    },
    set queued(n) {
      state.queued = n;
    },
    get version() {
      return state.version;
    },
    set version(v) {
      state.version = v;
    },
    get hits() {
      return hits;
    },
    async stop() {
      for (const release of hanging.splice(0)) release();
      await server.stop(true);
    },
  };
  return fake;
}

/** A base URL where nothing listens (a port just freed), for "connection refused". */
export async function deadEndpoint(): Promise<string> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const endpoint = `http://127.0.0.1:${server.port}`;
  await server.stop(true);
  return endpoint;
}
