import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { newApiApp } from "../../http/openapi-app";
import { UnauthorizedError } from "../../shared/errors";
import type { HubDeps } from "../deps";
import { bearerToken, isRegistrationSecret } from "./auth-token";
import { serversServiceOf } from "./routes";
import { ServerRegisterRequest, ServerRegisterResponse } from "./schemas";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });

/**
 * The shared-secret check, run before the body is read: a caller without the secret learns
 * nothing about what a valid body looks like. A wrong secret is logged (never the secret sent).
 */
function registrationSecret(deps: HubDeps): MiddlewareHandler {
  return async function hubRegistrationSecret(c, next) {
    const secret = deps.config.hubServerToken;
    if (!secret) {
      throw new UnauthorizedError("This Hub accepts no self-registration: HUB_SERVER_TOKEN is not set");
    }
    if (!isRegistrationSecret(bearerToken(c.req.header("Authorization")), secret)) {
      deps.logger.warn("server registration refused: not the shared secret", { path: c.req.path });
      throw new UnauthorizedError("Not the Hub's registration secret (HUB_SERVER_TOKEN)");
    }
    await next();
  };
}

const registerRoute = (deps: HubDeps) =>
  createRoute({
    middleware: [registrationSecret(deps)],
    method: "post",
    path: "/servers/register",
    tags: ["Servers"],
    security: [{ bearer: [] }],
    summary: "A Server registers itself, by the shared secret HUB_SERVER_TOKEN",
    description:
      "The same name again updates the endpoint and version and keeps the auth_token (answered as null); " +
      "`rotate: true` issues a new one and ends the old (a Server that lost its token). A revoked Server is refused. " +
      "`dispatch_key` is the key the Hub signs its executions' requests to Servers with.",
    request: { body: { ...json(ServerRegisterRequest), required: true } },
    responses: {
      200: { ...json(ServerRegisterResponse), description: "Registered again (auth_token null unless rotated)" },
      201: { ...json(ServerRegisterResponse), description: "Registered: a new Server and its auth_token" },
      401: { description: "Not the shared secret, or the Hub accepts no self-registration" },
      403: { description: "The Server was revoked" },
    },
  });

/**
 * `POST /servers/register`: public as far as sessions go (a Server has none), guarded by the
 * shared secret instead. A wrong secret is a 401 and a warning in the log (never the secret
 * it sent); it is not appended to the audit chain, which anyone could otherwise grow.
 */
export function serverRegistrationRoutes(deps: HubDeps) {
  const service = serversServiceOf(deps);
  const app = newApiApp();
  app.openapi(registerRoute(deps), async (c) => {
    const { created, ...answer } = await service.register(c.req.valid("json"));
    // Every answer, heartbeats included, names the current key: a Server adopts a new one within 30 s.
    const dispatch_key = (await deps.dispatchKey()).publicKeyBase64;
    return c.json({ ...answer, dispatch_key }, created ? 201 : 200);
  });
  return app;
}
