import { afterAll, describe, expect, test } from "bun:test";
import { waitUntil } from "../../../tests/helpers/wait";
import { clientResponseHeaders, forwardToProvider, upstreamRequestHeaders } from "./ai-proxy";
import { AiUpstreamError } from "./ai-upstream-error";

describe("upstreamRequestHeaders", () => {
  const incoming = () =>
    new Headers({
      authorization: "Bearer sk-provider",
      "x-weft-token": "weft",
      cookie: "s=1",
      connection: "keep-alive, X-Listed",
      "x-listed": "1",
      "keep-alive": "timeout=5",
      "proxy-authorization": "Basic x",
      "proxy-connection": "keep-alive",
      te: "trailers",
      trailer: "x-sum",
      "transfer-encoding": "chunked",
      upgrade: "h2c",
      host: "weft.local",
      "content-length": "2",
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
    });

  test("keeps the end-to-end headers, drops hop-by-hop ones and Weft's credentials", () => {
    const out = upstreamRequestHeaders(incoming(), false);
    expect(Object.fromEntries(out)).toEqual({
      authorization: "Bearer sk-provider",
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      "accept-encoding": "identity",
    });
  });

  test("drops Authorization when it carried Weft's token; keeps the client's Accept-Encoding", () => {
    const headers = incoming();
    headers.set("accept-encoding", "br");
    const out = upstreamRequestHeaders(headers, true);
    expect(out.get("authorization")).toBeNull();
    expect(out.get("accept-encoding")).toBe("br");
  });
});

test("clientResponseHeaders drops hop-by-hop, Set-Cookie and CORS headers only", () => {
  const upstream = new Headers({
    "content-type": "text/event-stream",
    "content-encoding": "gzip",
    "cache-control": "no-cache",
    connection: "x-private",
    "x-private": "1",
    "transfer-encoding": "chunked",
    "access-control-allow-origin": "*",
    "openai-processing-ms": "12",
  });
  upstream.append("set-cookie", "a=1");
  upstream.append("set-cookie", "b=2");
  expect(Object.fromEntries(clientResponseHeaders(upstream))).toEqual({
    "content-type": "text/event-stream",
    "content-encoding": "gzip",
    "cache-control": "no-cache",
    "openai-processing-ms": "12",
  });
});

describe("timeouts", () => {
  const aborts: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      req.signal.addEventListener("abort", () => aborts.push(path));
      if (path === "/silent") return new Promise<Response>(() => {}); // never answers
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("data: one\n\n")); // then nothing
        },
      });
      return new Response(stalled, { headers: { "content-type": "text/event-stream" } });
    },
  });
  afterAll(() => server.stop(true));
  const call = (path: string, headersTimeoutMs: number, bodyIdleTimeoutMs: number) =>
    forwardToProvider({
      provider: "openai",
      target: new URL(`http://127.0.0.1:${server.port}${path}`),
      method: "GET",
      headers: new Headers(),
      body: undefined,
      clientSignal: new AbortController().signal,
      headersTimeoutMs,
      bodyIdleTimeoutMs,
    });

  test("no headers in time is 504 and aborts the request", async () => {
    const error = await call("/silent", 100, 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect((error as AiUpstreamError).status).toBe(504);
    expect((error as Error).message).toBe(`openai at http://127.0.0.1:${server.port} sent no answer within 0.1 s`);
    await waitUntil(() => aborts.includes("/silent"), "the upstream request to be aborted");
  });

  test("a body silent past its idle timeout is cut and the request aborted", async () => {
    // Timed from before the request: the idle spell starts at the first chunk, which may
    // come long before this test reads it on a busy machine.
    const started = performance.now();
    const res = await call("/stalls", 60_000, 150);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: one\n\n");
    const second = await reader.read().then(
      () => "more data",
      () => "cut",
    );
    expect(second).toBe("cut");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await waitUntil(() => aborts.includes("/stalls"), "the upstream request to be aborted");
  });
});
