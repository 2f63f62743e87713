import { z } from "@hono/zod-openapi";

/** A Server's base URL: http(s), no credentials, no query; stored without a trailing slash. */
export const EndpointSchema = z
  .string()
  .url()
  .max(2048)
  .refine((text) => {
    // zod runs refinements after a failed url() check too: parse defensively.
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.search;
  }, "must be an http(s) URL without credentials or query")
  .transform((text) => text.replace(/\/+$/, ""))
  .openapi({ example: "http://10.0.0.5:25811" });

const NameSchema = z.string().trim().min(1).max(200).openapi({ example: "analytics-1" });

export const ServerIdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const ServerGroupRef = z.object({ id: z.string(), name: z.string() }).openapi("ServerGroupRef");

export const ServerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    version: z.string().nullable(),
    status: z.enum(["online", "offline"]),
    last_seen_at: z.string().nullable().openapi({ description: "The last successful poll (ISO 8601)" }),
    running: z.number().int().openapi({ description: "Requests the Server was running or queueing at the last poll" }),
    capacity: z.number().int().nullable().openapi({
      description: "Engine processes the Server reported at the last poll (requests it runs at once); null: not said",
    }),
    latency_ms: z.number().int().nullable(),
    failed_polls: z.number().int().openapi({ description: "Failed polls in a row (offline from 3)" }),
    next_poll_at: z.string().nullable(),
    last_error: z.string().nullable(),
    revoked_at: z.string().nullable().openapi({ description: "Set when an administrator revoked its auth_token" }),
    groups: ServerGroupRef.array().openapi({ description: "User groups that may use it; none = everyone" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Server");

export const ServerListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  name: z.string().optional().openapi({ description: "Only names containing this text (case-insensitive)" }),
});

export const ServerListResponse = z
  .object({ servers: ServerSchema.array(), total: z.number().int() })
  .openapi("ServerList");

export const ServerCreateRequest = z.object({ name: NameSchema, endpoint: EndpointSchema }).openapi("ServerCreate");

/** A Server made by an administrator, with its auth_token: shown this once, stored only as a hash. */
export const ServerCreatedResponse = ServerSchema.extend({ auth_token: z.string() }).openapi("ServerCreated");

export const ServerRegisterRequest = z
  .object({
    name: NameSchema,
    endpoint: EndpointSchema,
    version: z.string().trim().min(1).max(100),
    rotate: z.boolean().default(false).openapi({
      description: "Issue a new auth_token (the old one stops working): for a Server that lost its token",
    }),
  })
  .openapi("ServerRegister");

export const ServerRegisterResponse = z
  .object({
    id: z.string(),
    auth_token: z.string().nullable().openapi({
      description: "The new auth_token (first registration or rotate: true); null when the Server keeps its token",
    }),
    dispatch_key: z
      .string()
      .optional()
      .openapi({
        description:
          "The Hub's dispatch public key (raw Ed25519, base64): its executions' requests to this Server carry " +
          "X-Weft-Hub-Dispatch signed with it, which the Server's rate limit counts apart",
      }),
  })
  .openapi("ServerRegistered");

export const ServerGroupsRequest = z.object({ group_ids: z.string().array().max(1000) }).openapi("ServerGroupsSet");

export const ServerGroupsResponse = z
  .object({ groups: ServerGroupRef.array(), total: z.number().int() })
  .openapi("ServerGroups");

export type ServerBody = z.infer<typeof ServerSchema>;
