/**
 * The file picker's starting places in hub mode (issue 19 item 3): the folders the Server
 * lets this request browse are the person's filesystem grants (the Server answers
 * `/files/roots` from the Hub's authorization of the capability token), named here as the
 * Hub names them ("Team files", not `/srv/share/team`).
 *
 * The Server's roots also hold, read-only, the file of each SQLite connection the request
 * was granted (so its reader may open it): those are files, not places to browse, and are
 * left out.
 */
import type { RootEntry } from "../../lib/api-types";
import type { HubClient } from "../../lib/hub-api";
import { useHubWorkspace } from "../hub-workspace";
import { type HubConnection, listHubConnections } from "./granted-connections";

/** A root as the picker shows it: the Hub connection's name when one holds this folder. */
export interface NamedRoot extends RootEntry {
  name?: string;
}

const trimmed = (path: string) => (path.length > 1 ? path.replace(/[\\/]+$/, "") : path);

/** The Server's roots, named by the filesystem connections that grant them, without SQLite files. */
export function nameRoots(roots: RootEntry[], folders: HubConnection[], databases: HubConnection[]): NamedRoot[] {
  const byPath = new Map(folders.flatMap((f) => (f.path ? [[trimmed(f.path), f.name] as const] : [])));
  const sqliteFiles = new Set(databases.flatMap((d) => (d.db_type === "sqlite" && d.database ? [d.database] : [])));
  return roots
    .filter((root) => byPath.has(trimmed(root.path)) || !sqliteFiles.has(root.path))
    .map((root) => {
      const name = byPath.get(trimmed(root.path));
      return name === undefined ? root : { ...root, name };
    });
}

/** The granted roots with their names; the Server's roots as they are when the Hub does not list its connections. */
export async function grantedRoots(hub: HubClient, roots: RootEntry[]): Promise<NamedRoot[]> {
  try {
    const [folders, databases] = await Promise.all([
      listHubConnections(hub, "filesystem"),
      listHubConnections(hub, "database"),
    ]);
    return nameRoots(roots, folders, databases);
  } catch {
    // The names are a help: the Server's answer is still what may be browsed.
    return roots;
  }
}

/** In hub mode, how the picker names its roots; undefined in `server` mode. Call inside a component. */
export function useGrantedRoots(): ((roots: RootEntry[]) => Promise<NamedRoot[]>) | undefined {
  const workspace = useHubWorkspace();
  return workspace ? (roots) => grantedRoots(workspace.hub, roots) : undefined;
}
