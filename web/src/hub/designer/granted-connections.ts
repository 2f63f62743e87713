/**
 * The Hub connections the designer offers in hub mode (issue 19 item 3): those granted to the
 * signed-in person. For role `user` the Hub's `GET /connections` answers exactly what their
 * grant chain reaches (user group → grant group → connection); owners, admins and auditors
 * see every connection there, so theirs is narrowed to their own grant chain (grant-chain.ts):
 * a Server uses only granted ones, whatever the role.
 *
 * A database Input that names one of them carries its id as `connection_id`: the Server in
 * hub mode asks the Hub for it with the request's capability token and reads with the URI
 * the Hub answers (src/server/hub/asked.ts, grant-context.ts). No credential reaches the page.
 */
import type { z } from "@hono/zod-openapi";
import type { ConnectionListResponse, ConnectionSchema } from "../../../../src/hub/connections/schemas";
import type { Role } from "../../../../src/shared/roles";
import type { HubClient } from "../../lib/hub-api";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { grantedConnectionIds } from "./grant-chain";

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

/** Who the designer lists for: role `user`'s list is its grants; others' is every connection. */
export interface Person {
  id: string;
  role: Role;
}

/**
 * The database connections granted to the person, as the Input form's choices (never throws:
 * a note says why none). For auditors and above the Hub lists every connection, so the list
 * is narrowed to what their own grant chain reaches, the only ones a Server will use for them.
 */
export async function grantedDatabaseChoices(hub: HubClient, person: Person | undefined): Promise<ConnectionChoices> {
  try {
    const [all, granted] = await Promise.all([
      listHubConnections(hub, "database"),
      person && person.role !== "user" ? grantedConnectionIds(hub, person.id) : undefined,
    ]);
    const listed = granted ? all.filter((c) => granted.has(c.id)) : all;
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
  const account = useHubAccount();
  return workspace ? () => grantedDatabaseChoices(workspace.hub, account?.user()) : undefined;
}
