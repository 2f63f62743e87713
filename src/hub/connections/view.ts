import type { z } from "@hono/zod-openapi";
import type { Role } from "../../shared/roles";
import type { ConnectionRow } from "./queries";
import type { ConnectionSchema } from "./schemas";
import type { DbOptions, DbType } from "./settings";

type ConnectionView = z.infer<typeof ConnectionSchema>;

/**
 * A connection as `role` may read it. Never a secret: the password is `has_password`, and
 * the options (sealed, as they could hold one) are opened only when `options` is given.
 * Role `user` gets what using a connection needs (kind, database name, folder), not the
 * server's address, the account, who created it or the last error.
 */
export function connectionView(row: ConnectionRow, role: Role, options?: DbOptions): ConnectionView {
  const { connection: c, database: d, filesystem: f } = row;
  const full = role !== "user";
  const view: ConnectionView = {
    id: c.id,
    name: c.name,
    type: c.type,
    description: c.description,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    health: {
      status: c.healthStatus,
      checked_at: c.healthCheckedAt?.toISOString() ?? null,
      latency_ms: full ? c.healthLatencyMs : null,
      error: full ? c.healthError : null,
    },
  };
  if (full) view.created_by = c.createdBy;
  if (d) {
    view.db_type = d.dbType as DbType;
    view.database = d.database ?? "";
    if (full) {
      view.host = d.host;
      view.port = d.port;
      view.username = d.username;
      view.has_password = d.passwordSealed !== null;
      view.options = options ?? {};
    }
  }
  if (f) {
    view.path = f.path;
    view.read_only = f.readOnly;
  }
  return view;
}
