import { beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow } from "../../../tests/helpers/hub-workflows";
import { manualEvery } from "../../../tests/helpers/sse";
import { newId } from "../../shared/ids";
import { artifactPath, readBlob, sha256OfBytes } from "./artifact-store";
import * as queries from "./queries";
import { connectionIdsOf, jsonArtifact, storeArtifacts, textArtifact } from "./run-artifacts";
import { RunLog } from "./run-log";

describeHub("execution artifacts", (suite) => {
  let hub: HubTestApp;
  let workflowId: string;
  const sink = (maxBytes = 1024) => ({
    database: hub.deps.database,
    clock: hub.deps.clock,
    dataDir: hub.deps.dataDir,
    maxBytes,
  });
  const newRun = async () => {
    const id = newId();
    const now = hub.deps.clock();
    await hub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.executions).values({ id, workflowId, revision: 1, status: "running", createdAt: now }),
    );
    return id;
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { executions: { every: manualEvery().every } });
    workflowId = await createWorkflow(hub, "user");
  });

  test("content-addressed: identical content of two runs is one file, two rows; the bytes read back", async () => {
    const [a, b] = [await newRun(), await newRun()];
    const same = textArtifact("log", "run.log", "the same log\n");
    await storeArtifacts(sink(), a, [same, jsonArtifact("plan", "plan.json", { run: "a" })]);
    await storeArtifacts(sink(), b, [same]);
    const rowsA = await queries.listArtifacts(hub.deps.database, a);
    const rowsB = await queries.listArtifacts(hub.deps.database, b);
    const logA = rowsA.find((r) => r.kind === "log");
    expect(logA?.sha256).toBe(rowsB[0]?.sha256 as string);
    expect(logA?.sha256).toBe(sha256OfBytes(same.bytes));
    const path = artifactPath(hub.deps.dataDir, logA?.sha256 as string);
    const sha = logA?.sha256 as string;
    expect(path).toBe(join(hub.deps.dataDir, "artifacts", sha.slice(0, 2), sha));
    expect(readFileSync(path, "utf8")).toBe("the same log\n");
    expect(readBlob(hub.deps.dataDir, logA?.sha256 as string).toString()).toBe("the same log\n");
    // Written by rename: no temporary file is left beside it.
    expect(readdirSync(join(path, "..")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test("an artifact over the size bound is not stored: a record says which and how big", async () => {
    const id = await newRun();
    const big = textArtifact("preview", "previews.json", "x".repeat(2048));
    await storeArtifacts(sink(1024), id, [big, textArtifact("log", "run.log", "small\n")]);
    expect((await queries.listArtifacts(hub.deps.database, id)).map((r) => r.name)).toEqual(["run.log"]);
    expect(existsSync(artifactPath(hub.deps.dataDir, sha256OfBytes(big.bytes)))).toBe(false);
    const records = await queries.listRecords(hub.deps.database, id, ["record"]);
    expect(JSON.parse(records[0]?.details as string)).toMatchObject({
      artifact_not_stored: "previews.json",
      size: 2048,
      max_bytes: 1024,
    });
  });
});

test("a run's log keeps its first lines and counts the rest", () => {
  const log = new RunLog(2, () => new Date("2026-01-01T00:00:00Z"));
  expect(log.add("one")).toBe("2026-01-01T00:00:00.000Z one");
  log.add("two");
  expect(log.add("three")).toBeUndefined();
  log.add("four");
  expect(log.text()).toBe(
    "2026-01-01T00:00:00.000Z one\n2026-01-01T00:00:00.000Z two\n(2 more lines not kept: the log keeps 2)\n",
  );
});

test("the connections a workflow names are their ids only, wherever a tool's config holds them", () => {
  const content = {
    tools: [
      { id: "a", type: "input", config: { connection_id: "c-2", password: "never" } },
      { id: "b", type: "input", config: { source: { connection_id: "c-1" } } },
      { id: "c", type: "input", config: { connection_id: "c-2" } },
    ],
  };
  expect(connectionIdsOf(content)).toEqual(["c-1", "c-2"]);
  expect(connectionIdsOf({})).toEqual([]);
});
