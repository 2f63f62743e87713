import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { Guards, HubEnv } from "../guards";
import { CheckpointListSchema, EventListSchema, EventsQuery, VerifySchema } from "./schemas";
import type { AuditService } from "./service";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Audit"];
const security = [{ bearer: [] }];
const refused = {
  401: { description: "No valid session" },
  403: { description: "Needs the auditor role or above" },
};

/** `/audit/*`: auditors and above read, check and export the log. */
export function auditRoutes(service: AuditService, guards: Guards) {
  const auditor = guards.requireRole("auditor");
  const app = newApiApp<HubEnv>();
  app.openapi(
    createRoute({
      method: "get",
      path: "/audit/events",
      tags,
      security,
      middleware: [auditor] as const,
      summary: "Audit events, filtered by actor, action, target and time; paginated",
      request: { query: EventsQuery },
      responses: { 200: { ...json(EventListSchema), description: "One page and the matching total" }, ...refused },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const filter = {
        actorType: q.actor_type,
        actorId: q.actor_id,
        action: q.action,
        targetType: q.target_type,
        targetId: q.target_id,
        from: q.from,
        to: q.to,
      };
      return c.json(await service.events(filter, { limit: q.limit, offset: q.offset, order: q.order }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/audit/verify",
      tags,
      security,
      middleware: [auditor] as const,
      summary: "Check the whole hash chain against itself, its head and the signed checkpoints",
      responses: { 200: { ...json(VerifySchema), description: "The verdict and the first bad seq" }, ...refused },
    }),
    async (c) => c.json(await service.verify(), 200),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/audit/checkpoints",
      tags,
      security,
      middleware: [auditor] as const,
      summary: "The signed checkpoints and the public key, to keep a copy outside the Hub",
      responses: { 200: { ...json(CheckpointListSchema), description: "Every checkpoint, oldest first" }, ...refused },
    }),
    async (c) => c.json(await service.checkpoints(), 200),
  );
  return app;
}
