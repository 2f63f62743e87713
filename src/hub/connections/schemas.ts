import { z } from "@hono/zod-openapi";
import { ListQuery } from "../lists";
import { DB_TYPES, SSLMODES } from "./settings";

const name = z.string().trim().min(1).max(200);
const description = z.string().max(2000);
const host = z
  .string()
  .trim()
  .min(1)
  .max(255)
  // These would end a URI's host part and send a driver elsewhere.
  .regex(/^[^\s/@?#\\]+$/, "a host name or address");
const port = z.number().int().min(1).max(65_535);
const absolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p), "an absolute path");
const options = z.object({ sslmode: z.enum(SSLMODES).optional() }).strict();

const DatabaseFields = {
  db_type: z.enum(DB_TYPES).openapi({ description: "sqlite: `database` is the file's absolute path, no host" }),
  host: host.optional(),
  port: port
    .optional()
    .openapi({ description: "Default 5432 (PostgreSQL), 3306 (MySQL, MariaDB) or 1433 (SQL Server)" }),
  database: z.string().trim().min(1).max(4096),
  username: z.string().max(255).optional(),
  password: z.string().max(4096).optional().openapi({ description: "Stored encrypted; never returned" }),
  options: options
    .optional()
    .openapi({ description: "Driver options: only `sslmode` (disable, require, verify-full)" }),
};

const FilesystemFields = {
  path: absolutePath,
  read_only: z.boolean().optional(),
};

export const DatabaseSettingsInput = z.object({ type: z.literal("database"), ...DatabaseFields });
export const FilesystemSettingsInput = z.object({ type: z.literal("filesystem"), ...FilesystemFields });

export const ConnectionCreateRequest = z
  .discriminatedUnion("type", [
    DatabaseSettingsInput.extend({ name, description: description.optional() }).strict(),
    FilesystemSettingsInput.extend({ name, description: description.optional() }).strict(),
  ])
  .openapi("HubConnectionCreate");

/** `POST /connections/test`: unsaved settings (a name may ride along from the form; it is ignored). */
export const ConnectionTestRequest = z
  .discriminatedUnion("type", [
    DatabaseSettingsInput.extend({ name: z.string().optional(), description: z.string().optional() }).strict(),
    FilesystemSettingsInput.extend({ name: z.string().optional(), description: z.string().optional() }).strict(),
  ])
  .openapi("HubConnectionTest");

/**
 * Any subset; the kind (`type`) cannot change. `password`: a string replaces it, null removes
 * it, absent keeps it. `options`: an object replaces them, null removes them.
 */
export const ConnectionUpdateRequest = z
  .object({
    name: name.optional(),
    description: description.nullable().optional(),
    db_type: DatabaseFields.db_type.optional(),
    host: host.nullable().optional(),
    port: port.nullable().optional(),
    database: DatabaseFields.database.optional(),
    username: z.string().max(255).nullable().optional(),
    password: z.string().max(4096).nullable().optional(),
    options: options.nullable().optional(),
    path: absolutePath.optional(),
    read_only: z.boolean().optional(),
  })
  .strict()
  .openapi("HubConnectionUpdate");

export const ConnectionHealthSchema = z
  .object({
    status: z.enum(["ok", "error"]).nullable().openapi({ description: "null until first checked" }),
    checked_at: z.string().nullable(),
    latency_ms: z.number().int().nullable(),
    error: z.string().nullable().openapi({ description: "Scrubbed of credentials; not shown to role user" }),
  })
  .openapi("HubConnectionHealth");

/**
 * A connection as the API shows it: never a secret (`has_password` says whether one is
 * stored). Role `user` sees what using it needs (kind, database name or folder), not the
 * server's address, the account or the last error.
 */
export const ConnectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(["database", "filesystem"]),
    description: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    created_by: z.string().nullable().optional(),
    health: ConnectionHealthSchema,
    db_type: z.enum(DB_TYPES).optional(),
    host: z.string().nullable().optional(),
    port: z.number().int().nullable().optional(),
    database: z.string().optional(),
    username: z.string().nullable().optional(),
    has_password: z.boolean().optional(),
    options: options.optional(),
    path: z.string().optional(),
    read_only: z.boolean().optional(),
  })
  .openapi("HubConnection");

export const ConnectionListResponse = z
  .object({ connections: z.array(ConnectionSchema), total: z.number().int() })
  .openapi("HubConnectionList");

export const ConnectionListQuery = ListQuery.extend({
  type: z.enum(["database", "filesystem"]).optional(),
});

export const ConnectionIdParam = z.object({ id: z.string().min(1).max(100) });

export const CheckResultSchema = z
  .object({
    ok: z.boolean(),
    latency_ms: z.number().int(),
    error: z.string().optional().openapi({ description: "Why not, scrubbed of credentials" }),
  })
  .openapi("HubConnectionCheck");

const Named = z.object({ id: z.string(), name: z.string() });

export const ConnectionAccessSchema = z
  .object({
    connection_id: z.string(),
    roles_seeing_all: z.array(z.enum(["owner", "admin", "auditor"])),
    grant_groups: z.array(Named.extend({ user_groups: z.array(Named) })),
    users: z.array(
      z.object({
        id: z.string(),
        username: z.string(),
        role: z.enum(["owner", "admin", "auditor", "user"]),
        via: z.array(z.object({ group: Named, grant_group: Named })),
      }),
    ),
  })
  .openapi("HubConnectionAccess");
