import { beforeAll, expect, test } from "bun:test";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow } from "../../../tests/helpers/hub-workflows";
import { manualEvery } from "../../../tests/helpers/sse";
import { newId } from "../../shared/ids";
import { artifactPath, sha256OfBytes, storeBlob } from "../executions/artifact-store";
import { storeArtifacts, textArtifact } from "../executions/run-artifacts";
import { ARTIFACT_SWEEP_GRACE_MS, sweepArtifacts } from "./artifact-sweep";

describeHub("artifact sweep", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { executions: { every: manualEvery().every } });
  });
  const hoursAgo = (path: string, hours: number) => {
    const then = new Date(Date.now() - hours * 3_600_000);
    utimesSync(path, then, then);
  };
  const sweep = () => sweepArtifacts(hub.deps.database, hub.deps.dataDir, () => new Date());
  const runOf = async (workflowId: string) => {
    const id = newId();
    await hub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.executions).values({ id, workflowId, revision: 1, status: "running", createdAt: new Date() }),
    );
    return id;
  };

  test("files no row names go once over an hour old; named, young and touched ones stay", async () => {
    const kept = await createWorkflow(hub, "user");
    const deleted = await createWorkflow(hub, "user");
    const sink = { database: hub.deps.database, clock: hub.deps.clock, dataDir: hub.deps.dataDir, maxBytes: 1024 };
    await storeArtifacts(sink, await runOf(kept), [textArtifact("log", "run.log", "kept log\n")]);
    await storeArtifacts(sink, await runOf(deleted), [textArtifact("log", "run.log", "orphan log\n")]);
    // Deleting the workflow takes its executions' rows, not their files.
    await hub.deps.database.transaction((tx) => tx.db.delete(tx.t.workflows).where(eq(tx.t.workflows.id, deleted)));
    const path = (text: string) => artifactPath(hub.deps.dataDir, sha256OfBytes(new TextEncoder().encode(text)));
    const young = storeBlob(hub.deps.dataDir, new TextEncoder().encode("stored a moment ago\n"));
    const partial = `${path("orphan log\n")}.${newId()}.tmp`;
    writeFileSync(partial, "cut short");
    for (const p of [path("kept log\n"), path("orphan log\n"), partial]) hoursAgo(p, 2);

    expect(await sweep()).toEqual({ removed: 2, bytes: "orphan log\n".length + "cut short".length });
    expect(existsSync(path("orphan log\n"))).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(path("kept log\n"))).toBe(true);
    expect(existsSync(artifactPath(hub.deps.dataDir, young.sha256))).toBe(true);

    // Old and unnamed, but stored again by a run about to name it: touched, so kept.
    const again = new TextEncoder().encode("stored again\n");
    const { sha256 } = storeBlob(hub.deps.dataDir, again);
    hoursAgo(artifactPath(hub.deps.dataDir, sha256), 2);
    storeBlob(hub.deps.dataDir, again);
    expect(await sweep()).toEqual({ removed: 0, bytes: 0 });
    expect(existsSync(artifactPath(hub.deps.dataDir, sha256))).toBe(true);
    // Past the grace by the clock, it goes.
    const later = () => new Date(Date.now() + ARTIFACT_SWEEP_GRACE_MS + 60_000);
    const swept = await sweepArtifacts(hub.deps.database, hub.deps.dataDir, later);
    expect(swept.removed).toBe(2);
    expect(existsSync(artifactPath(hub.deps.dataDir, young.sha256))).toBe(false);
    expect(existsSync(path("kept log\n"))).toBe(true);
  });
});
