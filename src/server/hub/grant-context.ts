import { AsyncLocalStorage } from "node:async_hooks";
import { sqlitePath } from "../../formats/db/sqlite";
import { ForbiddenError } from "../../shared/errors";
import { type AccessRoot, type FileAccessPolicy, withRealRoots } from "../../shared/file-access";
import type { AuthorizeResponse } from "../../shared/hub-contract";

/** What the Hub granted the request being served: its connections and the user's roots. */
export interface RequestGrant {
  answer: AuthorizeResponse;
  /** The roots' real paths, resolved once for this request (as startup does for fixed roots). */
  fileAccess: FileAccessPolicy;
}

/**
 * The grant of the request being served, found from anywhere that request's work runs (the
 * connection resolver, the file routes, the engine pool's job dispatch), without threading
 * it through every route's signature. One store per Server (made by startServer, passed in):
 * outside a request there is no grant, and everything that asks for one is refused (fail closed).
 */
export interface GrantContext {
  run<T>(grant: RequestGrant, work: () => T): T;
  current(): RequestGrant | undefined;
  /** The URI the Hub resolved for connection `id` in this request's answer (403 when not there). */
  connectionUri(id: string): string;
  /**
   * A file-access policy whose roots are always the current request's (none outside one):
   * what the file routes are given in `FILE_ACCESS_MODE=hub`.
   */
  policy(dataDir: string): FileAccessPolicy;
}

/**
 * The request's file-access policy: the user's filesystem grants, and read-only the file of
 * each SQLite connection the Hub resolved for it (the reader opens that file through the
 * same policy as any path, so a granted SQLite connection is readable without granting its
 * folder, and nothing beside it is).
 */
export function grantOf(answer: AuthorizeResponse, dataDir: string): RequestGrant {
  const sqliteFiles = answer.connections.flatMap((c) =>
    c.db_type === "sqlite" && c.uri ? [{ path: sqlitePath(c.uri), readOnly: true }] : [],
  );
  const roots: AccessRoot[] = [...answer.roots.map((r) => ({ path: r.path, readOnly: r.read_only })), ...sqliteFiles];
  return { answer, fileAccess: withRealRoots({ mode: "restricted", roots, dataDir }) };
}

export function createGrantContext(): GrantContext {
  const store = new AsyncLocalStorage<RequestGrant>();
  return {
    run: (grant, work) => store.run(grant, work),
    current: () => store.getStore(),
    connectionUri(id) {
      const found = store.getStore()?.answer.connections.find((c) => c.id === id);
      if (!found?.uri) throw new ForbiddenError(`Connection "${id}" was not authorized by the Hub for this request`);
      return found.uri;
    },
    policy(dataDir) {
      const fixed = withRealRoots({ mode: "restricted", roots: [], dataDir });
      return {
        mode: "restricted",
        dataDir: fixed.dataDir,
        get roots() {
          return store.getStore()?.fileAccess.roots ?? [];
        },
      };
    },
  };
}
