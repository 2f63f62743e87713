import { z } from "@hono/zod-openapi";

/** The answer of `/info` (routes/info.ts). */

export const InfoSchema = z
  .object({
    version: z.string(),
    auth_mode: z.enum(["ephemeral", "static", "hub", "disabled"]),
    file_access_mode: z.enum(["restricted", "open", "hub"]),
    max_preview_rows: z.number().int(),
    features: z.object({ archive: z.boolean(), cache: z.boolean(), connections: z.boolean() }),
  })
  .openapi("ServerInfo");

export type ServerInfo = z.infer<typeof InfoSchema>;
