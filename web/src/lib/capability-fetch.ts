/**
 * The designer's requests to a Server that answers to a Hub (AUTH_MODE=hub): before each one,
 * a fresh single-use capability token from the Hub (`POST /capabilities/token`, with the
 * person's session), sent as the request's bearer. One token, one request, asked for just
 * before it is sent (a token lives a minute and is spent by its request): never kept, never
 * reused, never shown. A refusal of the Hub (409 "No online Server may serve you now", or a
 * 401 when the session ended) is the request's error, as the Server's own would be.
 */
import type { Fetch } from "./api";
import type { HubClient } from "./hub-api";

export interface CapabilityFetchOptions {
  hub: Pick<HubClient, "capabilityToken">;
  /**
   * Where the Server is: `here` when it is this page's own process (`weft all`), so requests
   * stay on the page's origin whatever name the browser used for it; `endpoint` (`weft hub`)
   * sends each to the Server the Hub picked, at the endpoint its token names (that Server
   * must allow this origin in its CORS_ORIGINS).
   */
  server: "here" | "endpoint";
  fetch?: Fetch;
}

/** A `fetch` for createApiClient that gets each request its capability token. */
export function capabilityFetch({
  hub,
  server,
  fetch: send = (url, init) => fetch(url, init),
}: CapabilityFetchOptions) {
  const withToken: Fetch = async (url, init) => {
    const capability = await hub.capabilityToken();
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${capability.token}`);
    const target = server === "here" ? url : capability.endpoint.replace(/\/+$/, "") + url;
    return await send(target, { ...init, headers });
  };
  return withToken;
}
