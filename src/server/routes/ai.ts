import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { liftIdleTimeout } from "../../http/idle-timeout";
import { newApiApp } from "../../http/openapi-app";
import { checkOutboundUrl, type HostRule } from "../../shared/outbound-hosts";
import type { AiProvider, AuthMode } from "../config";
import { listModels } from "../services/ai-models";
import {
  AI_PROXY_PROVIDERS,
  type AiProxyProvider,
  forwardedQuery,
  providerBaseUrl,
  proxyProviderOf,
  proxyTargetUrl,
} from "../services/ai-providers";
import { forwardToProvider, upstreamRequestHeaders, WEFT_TOKEN_HEADER } from "../services/ai-proxy";

export interface AiRoutesDeps {
  /** The hosted providers' base URLs (settings AI_<PROVIDER>_BASE_URL). */
  baseUrls: Record<AiProvider, string>;
  /** Decides whose Authorization header a proxied request carries (see the proxy route). */
  authMode: AuthMode;
  /** OUTBOUND_HOSTS: when set, a provider on any other host is refused before connecting. */
  outboundHosts?: readonly HostRule[];
}

const tags = ["AI"];
const security = [{ bearer: [] }];

const ModelsRequest = z
  .object({
    provider: z.enum(AI_PROXY_PROVIDERS).openapi({ description: "Which provider to ask" }),
    api_key: z
      .string()
      .optional()
      .openapi({ description: "The provider key; sent to the provider only, never stored" }),
    base_url: z
      .string()
      .optional()
      .openapi({ description: "Required for openai-compatible (e.g. http://127.0.0.1:11434/v1); refused otherwise" }),
  })
  .openapi("AiModelsRequest");

const ModelsResponse = z
  .object({
    models: z.array(z.object({ id: z.string(), name: z.string(), owned_by: z.string() })),
  })
  .openapi("AiModelsResponse");

const models = createRoute({
  method: "post",
  path: "/ai/models",
  tags,
  security,
  summary: "The models a provider offers, as {id, name, owned_by}",
  request: { body: { content: { "application/json": { schema: ModelsRequest } }, required: true } },
  responses: {
    200: { content: { "application/json": { schema: ModelsResponse } }, description: "OK" },
    400: { description: "Unknown provider, base_url missing or misplaced, or the provider refused the key" },
    403: { description: "The provider's host is not in OUTBOUND_HOSTS" },
    502: { description: "The provider is unreachable or answered with an error" },
    504: { description: "The provider did not answer within 30 s" },
  },
});

const PROXY_PATH = "/ai/proxy/{provider}/{path}";
const PROXY_DESCRIPTION = `Forwards the request to the provider's \`{path}\` (which may hold slashes and starts with
the provider's API version: \`v1/chat/completions\`, \`v1/messages\`, \`v1beta/models/…:streamGenerateContent\`).
Body, query (without \`base_url\`) and headers go unchanged, \`Authorization\` included, except hop-by-hop headers,
\`Cookie\` and Weft's own token. Send Weft's token in \`X-Weft-Token\` so that \`Authorization\` can carry the
provider key; a request that authenticates with \`Authorization: Bearer <Weft token>\` instead does not forward it.
The answer is relayed as it arrives (\`text/event-stream\` chunk by chunk); a client that disconnects aborts the
upstream request. 502 when the provider is unreachable, 504 when it sends no headers within 10 minutes.`;

/**
 * The AI routes (docs/server-api.md "AI proxy"): the models list of a provider, and a transparent,
 * streaming proxy to the provider's API. Keys are never stored or logged: they travel in
 * the request body (models) or headers (proxy) and go to the provider only.
 */
export function aiRoutes({ baseUrls, authMode, outboundHosts }: AiRoutesDeps) {
  const app = newApiApp();
  /** Where a call goes (providerBaseUrl), once OUTBOUND_HOSTS allows its host. */
  const allowedBase = (provider: AiProxyProvider, baseUrl: string | undefined): URL => {
    const base = providerBaseUrl(provider, baseUrl, baseUrls);
    checkOutboundUrl(outboundHosts, base, `AI provider ${provider}`);
    return base;
  };

  app.openapi(models, async (c) => {
    const body = c.req.valid("json");
    const base = allowedBase(body.provider, body.base_url);
    const list = await listModels({
      provider: body.provider,
      base,
      apiKey: body.api_key || undefined,
      signal: c.req.raw.signal,
    });
    return c.json({ models: list }, 200);
  });

  // GET as well as POST: providers read resources with GET (a model, a batch, a stored response).
  app.on(["GET", "POST"], "/ai/proxy/:provider/:path{.+}", (c) => proxy(c, allowedBase, authMode));
  for (const method of ["post", "get"] as const) {
    app.openAPIRegistry.registerPath({
      method,
      path: PROXY_PATH,
      tags,
      security,
      summary: "Forward a call to an AI provider, streaming its answer",
      description: PROXY_DESCRIPTION,
      request: {
        params: z.object({
          provider: z.enum(AI_PROXY_PROVIDERS),
          path: z.string().openapi({ example: "v1/chat/completions" }),
        }),
        query: z.object({ base_url: z.string().optional().openapi({ description: "Required for openai-compatible" }) }),
        headers: z.object({
          "x-weft-token": z
            .string()
            .optional()
            .openapi({ description: "Weft's token, when Authorization is the provider's" }),
        }),
      },
      responses: {
        200: { description: "The provider's answer, status and headers relayed" },
        400: { description: "A path that leaves the provider's base URL, or base_url missing or misplaced" },
        403: { description: "The provider's host is not in OUTBOUND_HOSTS" },
        404: { description: "Unknown provider" },
        502: { description: "The provider is unreachable" },
        504: { description: "The provider sent no answer in time" },
      },
    });
  }
  return app;
}

async function proxy(
  c: Context,
  allowedBase: (provider: AiProxyProvider, baseUrl: string | undefined) => URL,
  authMode: AuthMode,
): Promise<Response> {
  const provider = proxyProviderOf(c.req.param("provider") ?? "");
  const url = new URL(c.req.url);
  const base = allowedBase(provider, url.searchParams.get("base_url") ?? undefined);
  const target = proxyTargetUrl(base, rawProxyPath(url.pathname), forwardedQuery(url.search));
  // The relay's own timeouts bound this one.
  liftIdleTimeout(c);
  // Where Weft reads Authorization, it holds Weft's token unless X-Weft-Token carried that.
  const authorizationIsWeft = authMode !== "disabled" && !c.req.header(WEFT_TOKEN_HEADER);
  return forwardToProvider({
    provider,
    target,
    method: c.req.method,
    headers: upstreamRequestHeaders(c.req.raw.headers, authorizationIsWeft),
    body: c.req.method === "POST" ? await c.req.arrayBuffer() : undefined,
    clientSignal: c.req.raw.signal,
  });
}

/** `{path}` exactly as the client sent it (percent-encoding kept): what follows `/ai/proxy/<provider>/`. */
function rawProxyPath(pathname: string): string {
  const marker = "/ai/proxy/";
  const rest = pathname.slice(pathname.indexOf(marker) + marker.length);
  return rest.slice(rest.indexOf("/") + 1);
}
