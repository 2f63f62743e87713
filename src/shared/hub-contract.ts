import { z } from "zod";

/**
 * What a Server and its Hub say to each other over HTTP (the Server never imports the Hub:
 * these schemas are the whole contract). The Hub's routes build their OpenAPI entries from
 * them; the Server's client (src/server/hub/) parses the Hub's answers with them.
 */

/** At most this many connections or paths in one authorization (one request never names more). */
export const MAX_AUTHORIZE_ITEMS = 200;

const PathText = z.string().min(1).max(4096);

/**
 * `POST /api/v1/internal/authorize`, bearer the Server's auth_token. `paths` are what the
 * request reads (or browses), `write_paths` what it writes (an Output tool's target, a saved
 * workflow file): a write needs a granted root that is not read-only.
 */
export const AuthorizeRequestSchema = z
  .object({
    token: z.string().min(1).max(512),
    connection_ids: z.array(z.string().min(1).max(200)).max(MAX_AUTHORIZE_ITEMS).optional(),
    paths: z.array(PathText).max(MAX_AUTHORIZE_ITEMS).optional(),
    write_paths: z.array(PathText).max(MAX_AUTHORIZE_ITEMS).optional(),
  })
  .meta({ id: "AuthorizeRequest" });

export const GrantedConnectionSchema = z
  .object({
    id: z.string(),
    type: z.enum(["database", "filesystem"]),
    db_type: z.string().optional(),
    /** The Input tool's source_type that reads it (MariaDB: mysql). */
    source_type: z.string().optional(),
    /** A database's driver URI, credentials included: for the Server's reader only. */
    uri: z.string().optional(),
    /** A filesystem connection's folder. */
    path: z.string().optional(),
    read_only: z.boolean().optional(),
  })
  .meta({ id: "GrantedConnection" });

export const GrantedRootSchema = z.object({ path: z.string(), read_only: z.boolean() }).meta({ id: "GrantedRoot" });

export const AuthorizeResponseSchema = z
  .object({
    user_id: z.string(),
    role: z.enum(["owner", "admin", "auditor", "user"]),
    /** Every connection asked for, resolved (a request naming an ungranted one is refused whole). */
    connections: z.array(GrantedConnectionSchema),
    /** Every path asked for (reads and writes), normalised, with whether its root is read-only. */
    paths: z.array(GrantedRootSchema),
    /** The user's filesystem grants: all a file route of this request may see. */
    roots: z.array(GrantedRootSchema),
  })
  .meta({ id: "AuthorizeResponse" });

export type AuthorizeRequest = z.infer<typeof AuthorizeRequestSchema>;
export type AuthorizeResponse = z.infer<typeof AuthorizeResponseSchema>;
export type GrantedConnection = z.infer<typeof GrantedConnectionSchema>;
export type GrantedRoot = z.infer<typeof GrantedRootSchema>;

/** `POST /api/v1/servers/register` (bearer HUB_SERVER_TOKEN), as a Server sends it. */
export interface RegisterRequest {
  name: string;
  endpoint: string;
  version: string;
  /** A new auth_token, ending the old: a Server that starts has none in memory. */
  rotate?: boolean;
}

/**
 * The Hub's answer: `auth_token` is null when the name was known and nothing was rotated.
 * `dispatch_key` (raw Ed25519 public key, base64) verifies the Hub's signed dispatches
 * (shared/hub-dispatch.ts); a Hub from before it answers none, and its dispatches count as
 * any client's requests.
 */
export const RegisterResponseSchema = z.object({
  id: z.string(),
  auth_token: z.string().nullable(),
  dispatch_key: z.string().max(100).optional(),
});
