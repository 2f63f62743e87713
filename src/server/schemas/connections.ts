import { z } from "@hono/zod-openapi";
import { CONNECTION_TYPES } from "../services/connection-store";

const Name = z.string().min(1).max(200).openapi({ description: "Unique, ignoring case", example: "Sales warehouse" });
const Type = z.enum(CONNECTION_TYPES).openapi({ description: "The database type" });
const Host = z.string().max(255).openapi({ description: "Required except for SQLite", example: "db.internal" });
const Port = z
  .number()
  .int()
  .min(0)
  .max(65_535)
  .openapi({ description: "Default: 5432, 3306 or 1433 by type; 0 for SQLite", example: 5432 });
const Database = z
  .string()
  .min(1)
  .max(4096)
  .openapi({ description: "The database name; for SQLite the file's absolute path", example: "sales" });
const Username = z.string().max(1024).openapi({ description: "Required except for SQLite; never returned" });
const Password = z.string().max(4096).openapi({ description: "Never returned" });

export const ConnectionSchema = z
  .object({
    id: z.string().openapi({ description: "UUID" }),
    name: z.string(),
    type: Type,
    owner: z.literal("server"),
    host: z.string(),
    port: z.number().int(),
    database: z.string(),
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    updatedAt: z.string().openapi({ description: "ISO 8601" }),
  })
  .openapi("Connection");

export const ConnectionCreateRequest = z
  .strictObject({
    name: Name,
    type: Type,
    host: Host.optional(),
    port: Port.optional(),
    database: Database,
    username: Username.optional(),
    password: Password.optional(),
  })
  .openapi("ConnectionCreateRequest");

export const ConnectionUpdateRequest = z
  .strictObject({
    name: Name.optional(),
    type: Type.optional(),
    host: Host.optional(),
    port: Port.optional(),
    database: Database.optional(),
    username: Username.optional().openapi({ description: "Blank or absent keeps the stored one" }),
    password: Password.optional().openapi({ description: "Blank or absent keeps the stored one" }),
  })
  .openapi("ConnectionUpdateRequest");

export const ConnectionIdParam = z.object({
  connection_id: z.string().openapi({ param: { name: "connection_id", in: "path" }, description: "The id" }),
});

export const ConnectionStatusResponse = z
  .object({ enabled: z.boolean(), connectionCount: z.number().int() })
  .openapi("ConnectionStatus");

export const ConnectionTestResponse = z
  .object({
    success: z.boolean(),
    message: z.string().openapi({ description: "What happened; credentials removed" }),
    latencyMs: z.number().int().optional().openapi({ description: "On success: connect and SELECT 1" }),
  })
  .openapi("ConnectionTestResult");

export type Connection = z.infer<typeof ConnectionSchema>;
export type ConnectionCreate = z.input<typeof ConnectionCreateRequest>;
export type ConnectionTestResult = z.infer<typeof ConnectionTestResponse>;
