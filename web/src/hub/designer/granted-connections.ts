/**
 * The Hub connections the designer offers in hub mode (issue 19 item 3): what the Hub's
 * `GET /connections` answers the signed-in person. For role `user` that is exactly what
 * their grant chain reaches (user group → grant group → connection); owners, admins and
 * auditors see every connection there, and a Server still uses only the granted ones (the
 * Hub refuses the others when it authorizes the request, with its reason).
 *
 * A database Input that names one of them carries its id as `connection_id`: the Server in
 * hub mode asks the Hub for it with the request's capability token and reads with the URI
 * the Hub answers (src/server/hub/asked.ts, grant-context.ts). No credential reaches the page.
 */
import type { z } from "@hono/zod-openapi";
import type { ConnectionListResponse, ConnectionSchema } from "../../../../src/hub/connections/schemas";
import type { HubClient } from "../../lib/hub-api";
import { useHubWorkspace } from "../hub-workspace";

export type HubConnection = z.infer<typeof ConnectionSchema>;
type HubConnectionList = z.infer<typeof ConnectionListResponse>;

/** The most a page of the Hub's lists holds: more connections than this is not a designer's list. */
const LIST_LIMIT = 500;

/** A connection as the Input form offers it. */
export interface ConnectionChoice {
  id: string;
  name: string;
  /** The Input tool's `source_type` that reads it. */
  sourceType: string;
  /** What tells it apart in the list: the database (or file) it reads. */
  detail: string;
}

/** What the Connection field offers, or why it offers nothing. */
export interface ConnectionChoices {
  connections: ConnectionChoice[];
  note?: string;
}

/** The Input tool's `source_type` that reads a Hub database kind (MariaDB speaks MySQL's protocol). */
export function sourceTypeOf(dbType: string): string {
  return dbType === "mariadb" ? "mysql" : dbType;
}

/** The connections of `type` the person may see, one page of the Hub's list (its largest). */
export async function listHubConnections(hub: HubClient, type: "database" | "filesystem"): Promise<HubConnection[]> {
  const params = new URLSearchParams({ type, limit: String(LIST_LIMIT), offset: "0" });
  return (await hub.request<HubConnectionList>("GET", `/connections?${params}`)).connections;
}

/** The database connections granted to the person, as the Input form's choices (never throws: a note says why none). */
export async function grantedDatabaseChoices(hub: HubClient): Promise<ConnectionChoices> {
  try {
    const listed = await listHubConnections(hub, "database");
    const connections = listed.flatMap((c) =>
      c.db_type ? [{ id: c.id, name: c.name, sourceType: sourceTypeOf(c.db_type), detail: c.database ?? "" }] : [],
    );
    return connections.length > 0
      ? { connections }
      : { connections, note: "No database connection is granted to you on the Hub: ask an administrator for one." };
  } catch (err) {
    return { connections: [], note: `The Hub did not list your connections: ${(err as Error).message}` };
  }
}

/**
 * The Input form's source of database connections in hub mode (undefined in `server` mode,
 * where the Server's own stored connections are offered). Call inside a component.
 */
export function useGrantedDatabases(): (() => Promise<ConnectionChoices>) | undefined {
  const workspace = useHubWorkspace();
  return workspace ? () => grantedDatabaseChoices(workspace.hub) : undefined;
}
