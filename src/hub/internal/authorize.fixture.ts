import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HubTestApp } from "../../../tests/helpers/api-scenario";
import { pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";

/** A registration secret for the test Hubs of /internal/authorize. */
export const REGISTRATION_SECRET = "authorize-registration-secret-0123";

/** A Server registered with the Hub by the shared secret: its id and auth_token. */
export async function registerServer(hub: HubTestApp, name: string) {
  const res = await hub.app.request("/api/v1/servers/register", {
    method: "POST",
    headers: { Authorization: `Bearer ${REGISTRATION_SECRET}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, endpoint: "http://127.0.0.1:1", version: "1.0.0" }),
  });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; auth_token: string };
}

/** `POST /internal/authorize` as the Server whose bearer is `bearer` (none: no header). */
export function authorize(hub: HubTestApp, bearer: string | undefined, body: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (bearer !== undefined) headers.Authorization = `Bearer ${bearer}`;
  return Promise.resolve(
    hub.app.request("/api/v1/internal/authorize", { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

/**
 * The grants the authorize tests need: a writable folder (with a subfolder), a read-only
 * folder and a PostgreSQL connection (the test server's, or a closed port without it; with a
 * made-up password unless `realPgPassword`, for tests that never connect), all granted to the `user` account through one user group and
 * one grant group; a fourth connection granted to nobody.
 */
export async function seedGrants(hub: HubTestApp, { realPgPassword = false } = {}) {
  const top = mkdtempSync(join(tmpdir(), "weft-authorize-"));
  const folders = { shared: join(top, "shared"), archive: join(top, "archive"), secret: join(top, "secret") };
  for (const f of Object.values(folders)) mkdirSync(f);
  const create = async (body: Record<string, unknown>) => {
    const res = await hub.request("owner", "POST", "/connections", body);
    const answer = (await res.json()) as { id: string };
    if (res.status !== 201) throw new Error(`create ${body.name}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.id;
  };
  const ids = {
    shared: await create({ name: "Shared", type: "filesystem", path: folders.shared }),
    archive: await create({ name: "Archive", type: "filesystem", path: folders.archive, read_only: true }),
    // A made-up password where nothing connects (so an answer or a log holding it is easy to spot).
    pg: await create(pgConnectionBody("Warehouse", realPgPassword ? {} : { password: "pg-secret-Zq7" })),
    secret: await create({ name: "Secret", type: "filesystem", path: folders.secret }),
  };
  const chain = grantChain(hub.deps);
  const group = await chain.group("Analysts");
  const bundle = await chain.grantGroup("Analyst data");
  await chain.member(hub.accounts.user.user.id, group);
  await chain.assign(group, bundle);
  for (const id of [ids.shared, ids.archive, ids.pg]) await chain.grant(bundle, id);
  return { top, folders, ids, bundle };
}
