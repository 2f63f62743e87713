import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import { AuthorizeRequestSchema, AuthorizeResponseSchema } from "../../shared/hub-contract";
import type { HubDeps } from "../deps";
import type { ServerAuthEnv } from "../servers/server-auth";
import { createAuthorizeService } from "./service";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });

const authorizeRoute = (deps: HubDeps) =>
  createRoute({
    // Before the body is read: a caller that is not a registered Server learns nothing more.
    middleware: [deps.guards.server],
    method: "post",
    path: "/internal/authorize",
    tags: ["Internal"],
    security: [{ bearer: [] }],
    summary: "A Server redeems a user's capability token and learns what this one request may use",
    description:
      "Bearer: the Server's auth_token. Consumes the token (single use, bound to this Server), checks the " +
      "token's user's grants for every connection in `connection_ids`, every path in `paths` (reads) and " +
      "`write_paths` (writes: a root that is not read-only), and answers the connections resolved (a " +
      "database's driver URI, a folder's path) with the user's filesystem roots. Every decision is audited.",
    request: { body: { ...json(AuthorizeRequestSchema), required: true } },
    responses: {
      200: { ...json(AuthorizeResponseSchema), description: "Granted: what the request may use" },
      401: { description: "Not the auth_token of a registered, unrevoked Server" },
      403: {
        description:
          "The token is unknown, used, expired or issued for another Server; or a connection or path is not granted",
      },
    },
  });

/** `POST /internal/authorize`: Server-authenticated (mounted before the session guard in app.ts). */
export function internalRoutes(deps: HubDeps) {
  const service = createAuthorizeService(deps);
  const app = newApiApp<ServerAuthEnv>();
  app.openapi(authorizeRoute(deps), async (c) =>
    c.json(await service.authorize(c.get("server"), c.req.valid("json")), 200),
  );
  return app;
}
