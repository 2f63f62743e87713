import { z } from "@hono/zod-openapi";

export const CapabilityTokenRequest = z
  .object({
    server_id: z
      .string()
      .optional()
      .openapi({ description: "A Server to use; the least busy one you may use when absent" }),
  })
  .openapi("CapabilityTokenRequest");

export const CapabilityTokenResponse = z
  .object({
    token: z
      .string()
      .openapi({ description: "Single use; send it as `Authorization: Bearer` with one request to the Server" }),
    server_id: z.string(),
    endpoint: z.string().openapi({ description: "The Server's base URL" }),
    expires_at: z.string().openapi({ description: "ISO 8601; CAPABILITY_TOKEN_TTL_SECONDS after issue" }),
  })
  .openapi("CapabilityToken");
