import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { WAIT_BOUND_MS } from "../helpers/wait";

/*
 * /api/ai/models and /api/ai/proxy/{provider}/{path} against a fake provider: a Bun.serve
 * on 127.0.0.1:0 that records what reaches it. Each hosted provider's base URL points at
 * the fake under its own prefix (/openai, /anthropic, ...), so a test also sees that the
 * base URL's path is kept.
 *
 *   client ──app.request / fetch──► Weft (in process, or served) ──fetch──► fake provider
 */

interface Seen {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: Uint8Array;
  signal: AbortSignal;
}
type Handler = (req: Request) => Response | Promise<Response>;

function startFake() {
  const seen: Seen[] = [];
  const routes = new Map<string, Handler>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const body = new Uint8Array(await req.arrayBuffer());
      seen.push({
        method: req.method,
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body,
        signal: req.signal,
      });
      const handler = routes.get(`${req.method} ${url.pathname}`);
      return handler
        ? handler(req)
        : Response.json({ error: { message: `fake: no ${url.pathname}` } }, { status: 404 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, routes, stop: () => server.stop(true) };
}

/** A promise with its resolve function, so a test and the fake can wait on each other. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * Fails instead of hanging when `promise` does not settle. What a test waits for, the fake
 * provider holds back until the test has seen the step before (a proxy that buffered the
 * stream, or did not pass an abort on, would wait forever), so the tests assert order, not
 * speed: the bound only has to be far above what a busy machine takes.
 */
function within<T>(promise: Promise<T>, what: string, ms = WAIT_BOUND_MS): Promise<T> {
  return Promise.race([promise, Bun.sleep(ms).then(() => Promise.reject(new Error(`timed out: ${what}`)))]);
}

const decoder = new TextDecoder();
const PROVIDER_KEY = "sk-proxy-SECRET-7f3a9c"; // never to appear in a log
const MODELS_KEY = "sk-models-SECRET-2b8e4d";
const GEMINI_KEY = "AIza-gemini-SECRET-91c0";
const KEYS = [PROVIDER_KEY, MODELS_KEY, GEMINI_KEY];

const fake = startFake();
const deadPort = (() => {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port;
  s.stop(true);
  return port;
})();
let t: TestApp;
let dead: TestApp; // every provider at a closed port
let served: ReturnType<typeof Bun.serve>; // the same app over real HTTP
const apps: TestApp[] = [];

beforeAll(async () => {
  const env = (base: string) => ({
    AI_OPENAI_BASE_URL: `${base}/openai`,
    AI_ANTHROPIC_BASE_URL: `${base}/anthropic`,
    AI_GEMINI_BASE_URL: `${base}/gemini`,
    AI_MISTRAL_BASE_URL: `${base}/mistral`,
  });
  t = await makeTestApp({ env: env(fake.url), token: "weft-token-abc" });
  dead = await makeTestApp({ env: env(`http://127.0.0.1:${deadPort}`), token: "weft-token-abc" });
  apps.push(t, dead);
  served = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: t.app.fetch, idleTimeout: 30 });
});
afterAll(async () => {
  served.stop(true);
  fake.stop();
  for (const app of apps) await app.close();
});
beforeEach(() => {
  fake.seen.length = 0;
  fake.routes.clear();
});

const weft = { "x-weft-token": "weft-token-abc" };
type Via = (path: string, init?: RequestInit) => Promise<Response>;
const inProcess: Via = async (path, init) => t.app.request(path, init);
const overHttp: Via = (path, init) => fetch(`http://127.0.0.1:${served.port}${path}`, init);

/** An SSE body whose last event waits for `release`; `sentLast` says whether it went. */
function sseUntil(release: Promise<void>) {
  const state = { sentLast: false };
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('data: {"delta":"first"}\n\n'));
      await release;
      state.sentLast = true;
      controller.enqueue(new TextEncoder().encode("data: [DONE]\n\n"));
      controller.close();
    },
  });
  return { state, response: new Response(body, { headers: { "content-type": "text/event-stream" } }) };
}

describe("streaming", () => {
  for (const [name, via] of [
    ["in process", inProcess],
    ["over HTTP", overHttp],
  ] as const) {
    test(`${name}: the first SSE chunk reaches the client before the provider sends its last`, async () => {
      const release = gate();
      let state = { sentLast: false };
      fake.routes.set("POST /openai/v1/chat/completions", () => {
        const sse = sseUntil(release.promise);
        state = sse.state;
        return sse.response;
      });
      try {
        const res = await within(
          via("/api/ai/proxy/openai/v1/chat/completions", { method: "POST", headers: weft, body: "{}" }),
          "response headers",
        );
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/event-stream");
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        const first = await within(reader.read(), "first chunk");
        expect(decoder.decode(first.value)).toContain('"first"');
        expect(state.sentLast).toBe(false); // the provider is still holding its last event
        release.open();
        let rest = "";
        for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
        expect(rest).toBe("data: [DONE]\n\n");
        expect(state.sentLast).toBe(true);
      } finally {
        release.open();
      }
    });
  }
});

describe("what reaches the provider", () => {
  const bytes = new Uint8Array([0x7b, 0x22, 0xc3, 0xa9, 0x22, 0x7d, 0x00, 0xff, 0xfe, 0x0a, 0xe2, 0x9c, 0x93]);

  test("Authorization, custom headers, the query and the body bytes arrive unchanged", async () => {
    fake.routes.set("POST /openai/v1/chat/completions", () => Response.json({ ok: true }));
    const res = await t.app.request("/api/ai/proxy/openai/v1/chat/completions?alt=sse&x=a%2Fb+c", {
      method: "POST",
      headers: {
        ...weft,
        Authorization: `Bearer ${PROVIDER_KEY}`,
        "Content-Type": "application/octet-stream",
        "OpenAI-Organization": "org-42",
        "X-Custom-Thing": "value, with; odd=chars",
        Cookie: "weft_session=should-not-leave",
      },
      body: bytes,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const got = fake.seen[0] as Seen;
    expect(got.method).toBe("POST");
    expect(got.path).toBe("/openai/v1/chat/completions");
    expect(got.search).toBe("?alt=sse&x=a%2Fb+c");
    expect(got.headers.get("authorization")).toBe(`Bearer ${PROVIDER_KEY}`);
    expect(got.headers.get("openai-organization")).toBe("org-42");
    expect(got.headers.get("x-custom-thing")).toBe("value, with; odd=chars");
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect([...got.body]).toEqual([...bytes]);
    // Weft's own credentials stay with Weft.
    expect(got.headers.get("x-weft-token")).toBeNull();
    expect(got.headers.get("cookie")).toBeNull();
  });

  test("Weft's token sent as Authorization (no X-Weft-Token) is not forwarded", async () => {
    fake.routes.set("POST /anthropic/v1/messages", () => Response.json({ ok: true }));
    const res = await t.app.request("/api/ai/proxy/anthropic/v1/messages", {
      method: "POST",
      headers: { Authorization: "Bearer weft-token-abc", "x-api-key": PROVIDER_KEY, "anthropic-version": "2023-06-01" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const got = fake.seen[0] as Seen;
    expect(got.headers.get("authorization")).toBeNull();
    expect(got.headers.get("x-api-key")).toBe(PROVIDER_KEY);
    expect(got.headers.get("anthropic-version")).toBe("2023-06-01");
  });

  test("Weft's auth still applies: a provider key alone, or a wrong X-Weft-Token, is 401 and reaches nobody", async () => {
    const noWeft = await t.app.request("/api/ai/proxy/openai/v1/models", {
      headers: { Authorization: `Bearer ${PROVIDER_KEY}` },
    });
    expect(noWeft.status).toBe(401);
    const wrong = await t.app.request("/api/ai/proxy/openai/v1/models", {
      headers: { "x-weft-token": "nope", Authorization: "Bearer weft-token-abc" },
    });
    expect(wrong.status).toBe(401);
    expect(fake.seen).toHaveLength(0);
  });

  test("with AUTH_MODE=disabled Weft reads no Authorization, so it is always forwarded", async () => {
    const open = await makeTestApp({ env: { AUTH_MODE: "disabled", AI_OPENAI_BASE_URL: `${fake.url}/openai` } });
    apps.push(open);
    fake.routes.set("POST /openai/v1/embeddings", () => Response.json({ ok: true }));
    const res = await open.app.request("/api/ai/proxy/openai/v1/embeddings", {
      method: "POST",
      headers: { authorization: `Bearer ${PROVIDER_KEY}` },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect((fake.seen[0] as Seen).headers.get("authorization")).toBe(`Bearer ${PROVIDER_KEY}`);
  });

  test("GET is proxied too, without a body; the gemini query key is forwarded as sent", async () => {
    fake.routes.set("GET /gemini/v1beta/models/gemini-2.0-flash", () => Response.json({ name: "m" }));
    const res = await t.app.request(`/api/ai/proxy/gemini/v1beta/models/gemini-2.0-flash?key=${GEMINI_KEY}`, {
      headers: weft,
    });
    expect(res.status).toBe(200);
    const got = fake.seen[0] as Seen;
    expect(got.method).toBe("GET");
    expect(got.search).toBe(`?key=${GEMINI_KEY}`);
    expect(got.body.length).toBe(0);
  });

  test("hop-by-hop headers are dropped both ways; status, other headers and encoded bytes are relayed", async () => {
    const gzipped = Bun.gzipSync(new TextEncoder().encode('{"ok":"gzip"}'));
    fake.routes.set(
      "POST /mistral/v1/chat/completions",
      () =>
        new Response(gzipped, {
          status: 429,
          headers: {
            "content-type": "application/json",
            "content-encoding": "gzip",
            "retry-after": "7",
            "x-request-id": "req-1",
            "keep-alive": "timeout=5",
            "proxy-authenticate": "Basic",
            upgrade: "websocket",
            trailer: "x-checksum",
            "set-cookie": "cf=1; Path=/",
            "access-control-allow-origin": "*",
          },
        }),
    );
    const res = await t.app.request("/api/ai/proxy/mistral/v1/chat/completions", {
      method: "POST",
      headers: {
        ...weft,
        "accept-encoding": "gzip",
        connection: "keep-alive, x-drop-me",
        "keep-alive": "timeout=5",
        "proxy-authorization": "Basic cHJveHk=",
        "proxy-foo": "bar",
        te: "trailers",
        trailer: "x-checksum",
        upgrade: "h2c",
        host: "weft.example",
        "x-drop-me": "listed in Connection",
        "x-keep-me": "1",
      },
      body: "{}",
    });
    const got = fake.seen[0] as Seen;
    for (const name of ["keep-alive", "proxy-authorization", "proxy-foo", "te", "trailer", "upgrade", "x-drop-me"]) {
      expect(`${name}: ${got.headers.get(name)}`).toBe(`${name}: null`);
    }
    expect(got.headers.get("connection") ?? "").not.toContain("x-drop-me");
    expect(got.headers.get("host")).toBe(new URL(fake.url).host);
    expect(got.headers.get("x-keep-me")).toBe("1");
    expect(got.headers.get("accept-encoding")).toBe("gzip");

    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.headers.get("x-request-id")).toBe("req-1");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    for (const name of [
      "keep-alive",
      "proxy-authenticate",
      "upgrade",
      "trailer",
      "set-cookie",
      "access-control-allow-origin",
    ]) {
      expect(`${name}: ${res.headers.get(name)}`).toBe(`${name}: null`);
    }
    // The body is relayed as the provider encoded it, byte for byte.
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...gzipped]);
  });

  test("a client that asks for no encoding gets none (identity is asked of the provider)", async () => {
    fake.routes.set("GET /openai/v1/models", () => Response.json({ data: [] }));
    await t.app.request("/api/ai/proxy/openai/v1/models", { headers: weft });
    expect((fake.seen[0] as Seen).headers.get("accept-encoding")).toBe("identity");
  });

  test("redirects are relayed, not followed", async () => {
    fake.routes.set("GET /openai/v1/files", () => Response.redirect("http://127.0.0.1:1/elsewhere", 307));
    const res = await t.app.request("/api/ai/proxy/openai/v1/files", { headers: weft });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://127.0.0.1:1/elsewhere");
    expect(fake.seen).toHaveLength(1);
  });
});

describe("client disconnect", () => {
  /** A provider route that sends one chunk, then holds the stream open and reports its abort. */
  function holdOpen(route: string) {
    const aborted = gate<string>();
    fake.routes.set(route, (req) => {
      req.signal.addEventListener("abort", () => aborted.open("aborted"));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("data: one\n\n"));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    return aborted.promise;
  }

  for (const [name, via] of [
    ["in process", inProcess],
    ["over HTTP", overHttp],
  ] as const) {
    test(`${name}: aborting mid-stream aborts the upstream request`, async () => {
      const aborted = holdOpen("POST /openai/v1/chat/completions");
      const client = new AbortController();
      const res = await within(
        via("/api/ai/proxy/openai/v1/chat/completions", {
          method: "POST",
          headers: weft,
          body: "{}",
          signal: client.signal,
        }),
        "headers",
      );
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      expect(decoder.decode((await within(reader.read(), "first chunk")).value)).toBe("data: one\n\n");
      client.abort();
      expect(await within(aborted, "the provider to see the abort")).toBe("aborted");
    });
  }

  test("cancelling the response body aborts the upstream request", async () => {
    const aborted = holdOpen("POST /openai/v1/responses");
    const res = await t.app.request("/api/ai/proxy/openai/v1/responses", { method: "POST", headers: weft, body: "{}" });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await within(reader.read(), "first chunk");
    await reader.cancel();
    expect(await within(aborted, "the provider to see the abort")).toBe("aborted");
  });

  test("a client gone before the provider answers aborts the upstream request", async () => {
    const aborted = gate<string>();
    const arrived = gate();
    fake.routes.set("POST /openai/v1/slow", async (req) => {
      req.signal.addEventListener("abort", () => aborted.open("aborted"));
      arrived.open();
      await aborted.promise;
      return new Response("too late");
    });
    const client = new AbortController();
    const pending = inProcess("/api/ai/proxy/openai/v1/slow", {
      method: "POST",
      headers: weft,
      body: "{}",
      signal: client.signal,
    });
    await within(arrived.promise, "the request to reach the provider");
    client.abort();
    expect(await within(aborted.promise, "the provider to see the abort")).toBe("aborted");
    expect((await within(pending, "Weft's answer")).status).toBe(499);
  });
});

describe("refused paths and providers", () => {
  const hostile = [
    "../health",
    "..%2fhealth",
    "v1/..%2F..%2F..%2Fadmin",
    "v1/%2e%2e%2f%2e%2e%2fadmin",
    "%2e%2e/%2e%2e/health",
    "v1/%252e%252e/admin",
    "/evil.com/v1/models",
    "%2F%2Fevil.com/v1/models",
    "v1//models",
    "http://evil.com/v1/models",
    "http%3A%2F%2Fevil.com%2Fv1",
    "https:%2F%2Fevil.com",
    "user@evil.com/v1/models",
    "v1%40evil.com",
    "v1/models%5C..%5C..%5Cadmin",
    "v1/%00",
    "v1/models%20x",
    "%zz",
  ];
  for (const [name, via] of [
    ["in process", inProcess],
    ["over HTTP", overHttp],
  ] as const) {
    test.each(hostile)(`${name}: %s is refused and reaches no provider`, async (path) => {
      const res = await via(`/api/ai/proxy/openai/${path}`, { method: "POST", headers: weft, body: "{}" });
      // 400 where the path reaches the route; 404 where URL parsing already resolved `..` away from it.
      expect([400, 404]).toContain(res.status);
      expect(((await res.json()) as { detail: string }).detail).toBeString();
      expect(fake.seen).toHaveLength(0);
    });
  }

  test("a path reaching the route is refused with a 400 naming it", async () => {
    const res = await t.app.request("/api/ai/proxy/openai/v1/..%2F..%2Fadmin", { method: "POST", headers: weft });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toContain('"v1/../../admin"');
  });

  test("an unknown provider is 404 on the proxy and 400 on models", async () => {
    const proxied = await t.app.request("/api/ai/proxy/cohere/v1/chat", { method: "POST", headers: weft });
    expect(proxied.status).toBe(404);
    expect(((await proxied.json()) as { detail: string }).detail).toContain('Unknown AI provider "cohere"');
    const models = await t.app.request("/api/ai/models", {
      method: "POST",
      headers: { ...weft, "content-type": "application/json" },
      body: JSON.stringify({ provider: "cohere" }),
    });
    expect(models.status).toBe(400);
    expect(((await models.json()) as { detail: string }).detail).toContain("provider");
    expect(fake.seen).toHaveLength(0);
  });

  test.each([
    ["openai-compatible without base_url", "openai-compatible", "", "base_url is required"],
    ["a ftp base_url", "openai-compatible", "ftp://127.0.0.1/v1", "http:// or https://"],
    ["a file base_url", "openai-compatible", "file:///etc/passwd", "http:// or https://"],
    ["credentials in base_url", "openai-compatible", "http://u:p@127.0.0.1/v1", "user:password@"],
    ["not a URL", "openai-compatible", "localhost:11434", "http:// or https://"],
    ["base_url for a hosted provider", "openai", "http://127.0.0.1:1/v1", "AI_OPENAI_BASE_URL"],
  ])("%s is 400 on both routes", async (_name, provider, baseUrl, detail) => {
    const query = baseUrl ? `?base_url=${encodeURIComponent(baseUrl)}` : "";
    const proxied = await t.app.request(`/api/ai/proxy/${provider}/chat/completions${query}`, {
      method: "POST",
      headers: weft,
      body: "{}",
    });
    expect(proxied.status).toBe(400);
    expect(((await proxied.json()) as { detail: string }).detail).toContain(detail);
    const models = await t.app.request("/api/ai/models", {
      method: "POST",
      headers: { ...weft, "content-type": "application/json" },
      body: JSON.stringify(baseUrl ? { provider, base_url: baseUrl } : { provider }),
    });
    expect(models.status).toBe(400);
    expect(((await models.json()) as { detail: string }).detail).toContain(detail);
    expect(fake.seen).toHaveLength(0);
  });

  test("openai-compatible goes to base_url + path (a loopback address is allowed), without base_url in the query", async () => {
    fake.routes.set("POST /compat/v1/chat/completions", () => Response.json({ ok: 1 }));
    const baseUrl = encodeURIComponent(`${fake.url}/compat/v1`);
    const res = await t.app.request(`/api/ai/proxy/openai-compatible/chat/completions?stream=1&base_url=${baseUrl}`, {
      method: "POST",
      headers: { ...weft, authorization: "Bearer local-key" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const got = fake.seen[0] as Seen;
    expect(got.path).toBe("/compat/v1/chat/completions");
    expect(got.search).toBe("?stream=1");
    expect(got.headers.get("authorization")).toBe("Bearer local-key");
  });

  test("an unreachable provider is 502 naming it, without the URL's query", async () => {
    const res = await dead.app.request(`/api/ai/proxy/gemini/v1beta/models?key=${GEMINI_KEY}`, { headers: weft });
    expect(res.status).toBe(502);
    const detail = ((await res.json()) as { detail: string }).detail;
    expect(detail).toBe(`Could not reach gemini at http://127.0.0.1:${deadPort}: ECONNREFUSED`);
  });
});

describe("POST /api/ai/models", () => {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  async function models(body: Record<string, unknown>, app = t): Promise<{ status: number; body: any }> {
    const res = await app.app.request("/api/ai/models", {
      method: "POST",
      headers: { ...weft, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  test("openai: GET v1/models with the Bearer key; id as name, owned_by as given", async () => {
    const data = [
      { id: "gpt-4o", object: "model", created: 1, owned_by: "system" },
      { id: "ft:gpt-4o:acme:x", object: "model", created: 2, owned_by: "user-abc" },
    ];
    fake.routes.set("GET /openai/v1/models", () => Response.json({ object: "list", data }));
    const res = await models({ provider: "openai", api_key: MODELS_KEY });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ models: data.map((m) => ({ id: m.id, name: m.id, owned_by: m.owned_by })) });
    expect((fake.seen[0] as Seen).headers.get("authorization")).toBe(`Bearer ${MODELS_KEY}`);
  });

  test("mistral: its name when it has one", async () => {
    const data = [
      { id: "mistral-large-latest", name: "Mistral Large", owned_by: "mistralai" },
      { id: "codestral-2501", name: null, owned_by: "mistralai" },
    ];
    fake.routes.set("GET /mistral/v1/models", () => Response.json({ object: "list", data }));
    const res = await models({ provider: "mistral", api_key: MODELS_KEY });
    expect(res.body.models).toEqual([
      { id: "mistral-large-latest", name: "Mistral Large", owned_by: "mistralai" },
      { id: "codestral-2501", name: "codestral-2501", owned_by: "mistralai" },
    ]);
  });

  test("anthropic: x-api-key and anthropic-version, pages followed by after_id", async () => {
    fake.routes.set("GET /anthropic/v1/models", (req) => {
      const after = new URL(req.url).searchParams.get("after_id");
      return after === null
        ? Response.json({
            data: [{ id: "claude-a", display_name: "Claude A", type: "model" }],
            has_more: true,
            last_id: "claude-a",
          })
        : Response.json({ data: [{ id: "claude-b", display_name: "Claude Ü" }], has_more: false, last_id: "claude-b" });
    });
    const res = await models({ provider: "anthropic", api_key: MODELS_KEY });
    expect(res.body.models).toEqual([
      { id: "claude-a", name: "Claude A", owned_by: "anthropic" },
      { id: "claude-b", name: "Claude Ü", owned_by: "anthropic" },
    ]);
    expect(fake.seen.map((s) => s.search)).toEqual(["?limit=1000", "?limit=1000&after_id=claude-a"]);
    for (const s of fake.seen) {
      expect(s.headers.get("x-api-key")).toBe(MODELS_KEY);
      expect(s.headers.get("anthropic-version")).toBe("2023-06-01");
      expect(s.headers.get("authorization")).toBeNull();
    }
  });

  test("gemini: the key in x-goog-api-key (never in the URL), models/ prefix dropped, pages followed", async () => {
    fake.routes.set("GET /gemini/v1beta/models", (req) => {
      const token = new URL(req.url).searchParams.get("pageToken");
      return token === null
        ? Response.json({
            models: [{ name: "models/gemini-2.0-flash", displayName: "Gemini 2.0 Flash" }],
            nextPageToken: "p/2",
          })
        : Response.json({ models: [{ name: "models/embedding-001" }] });
    });
    const res = await models({ provider: "gemini", api_key: GEMINI_KEY });
    expect(res.body.models).toEqual([
      { id: "gemini-2.0-flash", name: "Gemini 2.0 Flash", owned_by: "google" },
      { id: "embedding-001", name: "embedding-001", owned_by: "google" },
    ]);
    expect(fake.seen.map((s) => s.search)).toEqual(["?pageSize=1000", "?pageSize=1000&pageToken=p%2F2"]);
    for (const s of fake.seen) {
      expect(s.headers.get("x-goog-api-key")).toBe(GEMINI_KEY);
      expect(s.search).not.toContain(GEMINI_KEY);
    }
  });

  test("openai-compatible: base_url ending in a version gets models, else v1/models; no key, no Authorization", async () => {
    fake.routes.set("GET /ollama/v1/models", () => Response.json({ object: "list", data: [{ id: "llama3.2:3b" }] }));
    const versioned = await models({ provider: "openai-compatible", base_url: `${fake.url}/ollama/v1` });
    expect(versioned.body).toEqual({
      models: [{ id: "llama3.2:3b", name: "llama3.2:3b", owned_by: "openai-compatible" }],
    });
    const bare = await models({ provider: "openai-compatible", base_url: `${fake.url}/ollama/`, api_key: "" });
    expect(bare.body).toEqual(versioned.body);
    expect(fake.seen.map((s) => s.path)).toEqual(["/ollama/v1/models", "/ollama/v1/models"]);
    for (const s of fake.seen) expect(s.headers.get("authorization")).toBeNull();
  });

  test("a refused key is 400 with the provider's message, the key blanked out", async () => {
    fake.routes.set("GET /openai/v1/models", () =>
      Response.json({ error: { message: `Incorrect API key provided: ${MODELS_KEY}.` } }, { status: 401 }),
    );
    const res = await models({ provider: "openai", api_key: MODELS_KEY });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("openai refused the API key (401): Incorrect API key provided: [key].");
  });

  test.each([
    [
      "a provider error",
      () => new Response("upstream exploded", { status: 500 }),
      502,
      "answered the models list with 500: upstream exploded",
    ],
    ["not JSON", () => new Response("<html>", { status: 200 }), 502, "unexpected models list"],
    ["another shape", () => Response.json({ data: [{ name: "no id" }] }), 502, "unexpected models list"],
  ])("%s is %i", async (_name, answer, status, detail) => {
    fake.routes.set("GET /mistral/v1/models", answer);
    const res = await models({ provider: "mistral", api_key: MODELS_KEY });
    expect(res.status).toBe(status);
    expect(res.body.detail).toContain(detail);
  });

  test("an unreachable provider is 502", async () => {
    const res = await models({ provider: "anthropic", api_key: MODELS_KEY }, dead);
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe(`Could not reach anthropic at http://127.0.0.1:${deadPort}: ECONNREFUSED`);
  });
});

describe("keys are never logged", () => {
  test("no key used above appears in any log line or audit file", async () => {
    // One more failing call with a key in the query, so error paths are covered too.
    await dead.app.request(`/api/ai/proxy/gemini/v1beta/models?key=${GEMINI_KEY}`, {
      headers: { ...weft, authorization: `Bearer ${PROVIDER_KEY}` },
    });
    let auditLines = 0;
    for (const app of apps) {
      await app.audit.flush();
      const logText = JSON.stringify(app.logs);
      const dir = join(app.dataDir, "logs");
      const audit = readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), "utf8"))
        .join("\n");
      auditLines += audit.split("\n").filter((l) => l.includes("/api/ai/")).length;
      for (const key of KEYS) {
        expect(logText).not.toContain(key);
        expect(audit).not.toContain(key);
      }
    }
    expect(auditLines).toBeGreaterThan(20); // the calls above were audited, without their keys
  });
});

test("/openapi.json documents both AI routes", async () => {
  const doc = (await (await t.app.request("/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  expect(Object.keys(doc.paths["/api/ai/models"] ?? {})).toEqual(["post"]);
  expect(Object.keys(doc.paths["/api/ai/proxy/{provider}/{path}"] ?? {}).sort()).toEqual(["get", "post"]);
});
