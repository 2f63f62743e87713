import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { CapabilityTokenRequest, CapabilityTokenResponse } from "./schemas";
import { createCapabilitiesService } from "./service";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });

const issue = createRoute({
  method: "post",
  path: "/capabilities/token",
  tags: ["Capabilities"],
  security: [{ bearer: [] }],
  summary: "A single-use token for one request to an online Server you may use",
  request: { body: { ...json(CapabilityTokenRequest), required: false } },
  responses: {
    200: { ...json(CapabilityTokenResponse), description: "Issued" },
    403: { description: "The Server asked for serves other user groups" },
    404: { description: "No Server with the id asked for" },
    409: { description: "No online Server may serve you (or the one asked for is offline or revoked)" },
  },
});

/** `POST /capabilities/token`: any signed-in user (hub.md "Capabilities"). */
export function capabilityRoutes(deps: HubDeps) {
  const service = createCapabilitiesService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(issue, async (c) => {
    const body = c.req.valid("json") ?? {};
    return c.json(await service.issue(c.get("user"), body.server_id), 200);
  });
  return app;
}
