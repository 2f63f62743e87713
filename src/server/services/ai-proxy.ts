import { AiUpstreamError, unreachable } from "./ai-upstream-error";

/**
 * How long a provider may take to send its response headers. Long on purpose: a
 * non-streaming call to a reasoning model can think for minutes before its first byte.
 */
export const HEADERS_TIMEOUT_MS = 10 * 60 * 1000;
/** How long a response body may stay silent between two chunks before the relay gives up. */
export const BODY_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** The header that carries Weft's own token on proxy calls, so Authorization is the provider's. */
export const WEFT_TOKEN_HEADER = "x-weft-token";

/** RFC 9110 §7.6.1 hop-by-hop headers, plus Host (the target's is set by fetch). `proxy-*` is matched as a prefix. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade", "host"]);

function hopByHop(name: string, connectionTokens: Set<string>): boolean {
  return HOP_BY_HOP.has(name) || name.startsWith("proxy-") || connectionTokens.has(name);
}

/** The header names a `Connection` header lists: hop-by-hop too, by definition. */
function connectionTokens(headers: Headers): Set<string> {
  const value = headers.get("connection") ?? "";
  return new Set(
    value
      .split(",")
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The client's headers as the provider receives them: unchanged, except hop-by-hop ones,
 * Weft's own credentials (X-Weft-Token, Cookie, and Authorization when it carried Weft's
 * token: `authorizationIsWeft`), and Content-Length (fetch sets it from the same body).
 * Without an Accept-Encoding from the client, `identity` is asked for: the body is relayed
 * undecoded, and the client must not get an encoding it did not ask for.
 */
export function upstreamRequestHeaders(incoming: Headers, authorizationIsWeft: boolean): Headers {
  const tokens = connectionTokens(incoming);
  const out = new Headers();
  for (const [name, value] of incoming) {
    if (hopByHop(name, tokens) || name === "content-length" || name === WEFT_TOKEN_HEADER || name === "cookie") {
      continue;
    }
    if (name === "authorization" && authorizationIsWeft) continue;
    out.append(name, value);
  }
  if (!out.has("accept-encoding")) out.set("accept-encoding", "identity");
  return out;
}

/**
 * The provider's headers as the client receives them: unchanged except hop-by-hop ones,
 * Set-Cookie (a provider's cookies do not belong to Weft's origin) and Access-Control-*
 * (Weft's own CORS settings govern who may read its answers).
 */
export function clientResponseHeaders(upstream: Headers): Headers {
  const tokens = connectionTokens(upstream);
  const out = new Headers();
  for (const [name, value] of upstream) {
    if (hopByHop(name, tokens) || name === "set-cookie" || name.startsWith("access-control-")) continue;
    out.append(name, value);
  }
  return out;
}

export interface ForwardOptions {
  /** The provider's name, for error messages. */
  provider: string;
  target: URL;
  method: string;
  headers: Headers;
  body: ArrayBuffer | undefined;
  /** The client's request signal: when the client goes away, the upstream request is aborted. */
  clientSignal: AbortSignal;
  headersTimeoutMs?: number;
  bodyIdleTimeoutMs?: number;
}

/**
 * Sends one request to the provider and answers with its response as it arrives: status and
 * headers relayed (minus hop-by-hop), the body streamed chunk by chunk, never buffered and
 * never decoded. Redirects are relayed, not followed, so a request cannot be bounced to
 * another host. Unreachable provider: 502; no headers within the timeout: 504; a body
 * silent past its idle timeout is cut (the client sees the stream end with an error).
 */
export async function forwardToProvider(opts: ForwardOptions): Promise<Response> {
  const { provider, target, clientSignal } = opts;
  const upstream = new AbortController();
  const onClientGone = () => upstream.abort(clientSignal.reason);
  if (clientSignal.aborted) onClientGone();
  else clientSignal.addEventListener("abort", onClientGone, { once: true });

  let headersTimedOut = false;
  const headersTimer = setTimeout(() => {
    headersTimedOut = true;
    upstream.abort();
  }, opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(target, {
      method: opts.method,
      headers: opts.headers,
      body: opts.body,
      redirect: "manual",
      signal: upstream.signal,
      decompress: false,
    });
  } catch (err) {
    if (clientSignal.aborted) return clientClosed();
    if (headersTimedOut) {
      const seconds = (opts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS) / 1000;
      throw new AiUpstreamError(`${provider} at ${target.origin} sent no answer within ${seconds} s`, 504);
    }
    throw unreachable(provider, target.origin, err);
  } finally {
    clearTimeout(headersTimer);
  }
  if (response.status < 200 || response.status > 599) {
    upstream.abort();
    throw new AiUpstreamError(`${provider} at ${target.origin} answered with status ${response.status}`, 502);
  }
  const body = response.body
    ? relayBody(response.body, upstream, opts.bodyIdleTimeoutMs ?? BODY_IDLE_TIMEOUT_MS)
    : null;
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: clientResponseHeaders(response.headers),
  });
}

/**
 * The client left before the provider answered. Nobody reads this answer; the status is
 * nginx's "client closed request", so the audit line tells what happened.
 */
function clientClosed(): Response {
  return new Response(null, { status: 499 });
}

/**
 * The provider's body as a stream the client pulls: each chunk is handed on as soon as it
 * arrives (no read-ahead), a chunk that takes longer than `idleMs` aborts the upstream
 * request, and a client that cancels (disconnects) aborts the upstream request too.
 */
function relayBody(
  source: ReadableStream<Uint8Array>,
  upstream: AbortController,
  idleMs: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const idle = setTimeout(() => upstream.abort(new Error(`no data for ${idleMs} ms`)), idleMs);
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } finally {
          clearTimeout(idle);
        }
      },
      async cancel(reason) {
        // Cancelling the body closes the provider's connection; the abort then only settles the signal.
        await reader.cancel(reason);
        upstream.abort();
      },
    },
    { highWaterMark: 0 },
  );
}
