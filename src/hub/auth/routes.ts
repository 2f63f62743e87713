import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { clientAddress } from "../../http/client-address";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import { type HubEnv, resolveSession } from "../guards";
import { UserSchema } from "../users/schemas";
import {
  LoginSchema,
  PasswordChangedSchema,
  PasswordChangeSchema,
  RegisterSchema,
  SessionSchema,
  StatusSchema,
} from "./schemas";
import { authService, type ClientInfo } from "./service";

const tags = ["Auth"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const throttled = { 429: { description: "Too many attempts: wait Retry-After seconds" } };

function clientOf(c: Context): ClientInfo {
  return { ip: clientAddress(c), userAgent: c.req.header("User-Agent")?.slice(0, 256) ?? null };
}

/**
 * `/auth/*`. Mounted before the Hub's session guard (app.ts): register, login and status are
 * public; logout, me and password carry the session guard themselves.
 */
export function authRoutes(deps: HubDeps) {
  const signedIn = deps.guards.session;
  const routes = {
    register: createRoute({
      method: "post",
      path: "/auth/register",
      tags,
      summary: "Create the first account, the owner, and sign it in (403 once any account exists)",
      request: { body: { ...json(RegisterSchema), required: true } },
      responses: {
        201: { ...json(SessionSchema), description: "The owner, signed in" },
        400: { description: "Invalid body (a password under 12 characters)" },
        403: { description: "Registration is closed" },
      },
    }),
    login: createRoute({
      method: "post",
      path: "/auth/login",
      tags,
      summary: "Sign in; the token is shown once",
      request: { body: { ...json(LoginSchema), required: true } },
      responses: {
        200: { ...json(SessionSchema), description: "Signed in" },
        401: { description: "invalid username or password (the same answer for both)" },
        ...throttled,
      },
    }),
    status: createRoute({
      method: "get",
      path: "/auth/status",
      tags,
      summary: "Whether the Hub needs its first account, and who is signed in (public)",
      responses: { 200: { ...json(StatusSchema), description: "OK" } },
    }),
    logout: createRoute({
      method: "post",
      path: "/auth/logout",
      tags,
      security,
      middleware: signedIn,
      summary: "End this session",
      responses: { 204: { description: "Signed out" } },
    }),
    me: createRoute({
      method: "get",
      path: "/auth/me",
      tags,
      security,
      middleware: signedIn,
      summary: "The signed-in account",
      responses: { 200: { ...json(UserSchema), description: "OK" } },
    }),
    password: createRoute({
      method: "put",
      path: "/auth/password",
      tags,
      security,
      middleware: signedIn,
      summary: "Change your own password; your other sessions end",
      request: { body: { ...json(PasswordChangeSchema), required: true } },
      responses: {
        200: { ...json(PasswordChangedSchema), description: "Changed" },
        400: { description: "The new password is under 12 characters" },
        403: { description: "The current password is not correct" },
        ...throttled,
      },
    }),
  };

  const service = authService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(routes.register, async (c) => c.json(await service.register(c.req.valid("json"), clientOf(c)), 201));
  app.openapi(routes.login, async (c) => c.json(await service.login(c.req.valid("json"), clientOf(c)), 200));
  app.openapi(routes.status, async (c) =>
    c.json(await service.status(await resolveSession(deps, c.req.header("Authorization"))), 200),
  );
  app.openapi(routes.logout, async (c) => {
    await service.logout(c.get("user"), c.get("sessionId"));
    return c.body(null, 204);
  });
  app.openapi(routes.me, async (c) => c.json(await service.me(c.get("user")), 200));
  app.openapi(routes.password, async (c) =>
    c.json(await service.changePassword(c.get("user"), c.get("sessionId"), c.req.valid("json"), clientOf(c)), 200),
  );
  return app;
}
