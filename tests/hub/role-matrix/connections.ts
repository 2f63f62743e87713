import { tmpdir } from "node:os";
import { newId } from "../../../src/shared/ids";
import type { HubTestApp } from "../../helpers/api-scenario";
import { grantChain } from "../../helpers/hub-grant-chain";
import type { RoleMatrixArea } from "./types";

const folder = () => ({ name: "matrix {unique}", type: "filesystem", path: tmpdir(), read_only: true });

async function newConnection(hub: HubTestApp): Promise<string> {
  const res = await hub.request("admin", "POST", "/connections", { ...folder(), name: `matrix ${newId()}` });
  if (res.status !== 201) throw new Error(`matrix fixture: create answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** The connections area (docs/hub.md "Connections" mirrors it). */
export const connectionsMatrix: RoleMatrixArea = {
  heading: "Connections",
  placeholders: {
    connection: newConnection,
    /** A connection granted to the caller through a user group and a grant group. */
    granted: async (hub, { account }) => {
      const id = await newConnection(hub);
      const chain = grantChain(hub.deps);
      const group = await chain.group();
      const grants = await chain.grantGroup();
      await chain.member((account ?? hub.accounts.user).user.id, group);
      await chain.assign(group, grants);
      await chain.grant(grants, id);
      return id;
    },
  },
  rows: [
    {
      method: "GET",
      path: "/connections",
      expect: { owner: 200, admin: 200, auditor: 200, user: 200, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/connections",
      body: folder(),
      expect: { owner: 201, admin: 201, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/connections/test",
      body: { type: "filesystem", path: tmpdir(), read_only: true },
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "GET",
      path: "/connections/{connection}",
      expect: { owner: 200, admin: 200, auditor: 200, user: 404, anonymous: 401 },
    },
    {
      method: "GET",
      path: "/connections/{granted}",
      expect: { owner: 200, admin: 200, auditor: 200, user: 200, anonymous: 401 },
    },
    {
      method: "PATCH",
      path: "/connections/{connection}",
      body: { description: "changed {unique}" },
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "DELETE",
      path: "/connections/{connection}",
      expect: { owner: 204, admin: 204, auditor: 403, user: 403, anonymous: 401 },
    },
    {
      method: "GET",
      path: "/connections/{connection}/access",
      expect: { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 },
    },
    {
      method: "POST",
      path: "/connections/{connection}/check",
      expect: { owner: 200, admin: 200, auditor: 403, user: 403, anonymous: 401 },
    },
  ],
};
