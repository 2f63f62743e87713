import { eq } from "drizzle-orm";
import { newId } from "../../../src/shared/ids";
import type { HubTestApp } from "../../helpers/api-scenario";
import type { RoleMatrixArea } from "./types";

/** A Server of its own for one call (revoke and delete use theirs up), added by an admin. */
async function newServer(hub: HubTestApp): Promise<string> {
  const res = await hub.request("admin", "POST", "/servers", {
    name: `matrix-${newId()}`,
    endpoint: "http://127.0.0.1:9",
  });
  if (res.status !== 201) throw new Error(`matrix fixture: adding a Server answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * The Servers and Capabilities routes (issue 17, items 1-2; docs/hub.md "Servers and
 * capability tokens"). `POST /servers/register` is not a session route: its bearer is the
 * shared secret HUB_SERVER_TOKEN, so every session (and none) is 401 there; its secret path is
 * tested in src/hub/servers/routes.test.ts.
 */
export const serversMatrix: RoleMatrixArea = {
  heading: "Servers and capability tokens",
  placeholders: {
    server: newServer,
    /**
     * A Server open to everyone and online, as its health poll would leave it (what is tested
     * here is who may ask for a token, not the poller: src/hub/background/server-poller.test.ts).
     */
    online: async (hub) => {
      const id = await newServer(hub);
      await hub.deps.database.transaction(async (tx) => {
        await tx.db
          .update(tx.t.servers)
          .set({ status: "online", lastSeenAt: hub.deps.clock() })
          .where(eq(tx.t.servers.id, id));
      });
      return id;
    },
  },
  rows: [
    { method: "GET", path: "/servers", expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 } },
    {
      method: "POST",
      path: "/servers",
      body: { name: "matrix-{unique}", endpoint: "http://127.0.0.1:9" },
      expect: { owner: 201, admin: 201, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "GET",
      path: "/servers/{server}",
      expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/servers/{server}/refresh",
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "GET",
      path: "/servers/{server}/groups",
      expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 },
    },
    {
      method: "PUT",
      path: "/servers/{server}/groups",
      body: { group_ids: [] },
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/servers/{server}/revoke",
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "DELETE",
      path: "/servers/{server}",
      expect: { owner: 204, admin: 204, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/servers/register",
      body: { name: "matrix-{unique}", endpoint: "http://127.0.0.1:9", version: "1.0.0" },
      expect: { owner: 401, admin: 401, auditor: 401, user: 401, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/capabilities/token",
      body: { server_id: "{online}" },
      expect: { owner: 200, admin: 200, auditor: 200, user: 200, anonymous: 401 },
    },
  ],
};
