import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { newId } from "../../shared/ids";
import { storeBlob } from "./artifact-store";
import * as queries from "./queries";

export interface ArtifactInput {
  kind: "preview" | "output" | "log" | "code" | "plan" | "connections";
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface ArtifactSinkDeps {
  database: HubDatabase;
  clock: Clock;
  dataDir: string;
  maxBytes: number;
}

const encoder = new TextEncoder();

export const jsonArtifact = (kind: ArtifactInput["kind"], name: string, value: unknown): ArtifactInput => ({
  kind,
  name,
  mediaType: "application/json",
  bytes: encoder.encode(`${JSON.stringify(value, null, 2)}\n`),
});

export const textArtifact = (
  kind: ArtifactInput["kind"],
  name: string,
  text: string,
  mediaType = "text/plain; charset=utf-8",
): ArtifactInput => ({ kind, name, mediaType, bytes: encoder.encode(text) });

/**
 * Stores an execution's artifacts: the bytes content-addressed on disk (artifact-store.ts),
 * one index row per artifact. One over the size bound is not stored: an execution record
 * (`kind: "record"`) says which, how big and why, so the run's trace stays whole.
 */
export async function storeArtifacts(
  deps: ArtifactSinkDeps,
  executionId: string,
  artifacts: readonly ArtifactInput[],
): Promise<void> {
  for (const artifact of artifacts) {
    const at = deps.clock();
    if (artifact.bytes.byteLength > deps.maxBytes) {
      await deps.database.transaction((tx) =>
        queries.insertRecord(tx, {
          id: newId(),
          executionId,
          kind: "record",
          toolId: null,
          details: JSON.stringify({
            artifact_not_stored: artifact.name,
            size: artifact.bytes.byteLength,
            max_bytes: deps.maxBytes,
            reason: "over EXECUTION_ARTIFACT_MAX_MB",
          }),
          createdAt: at,
        }),
      );
      continue;
    }
    const { sha256, size } = storeBlob(deps.dataDir, artifact.bytes);
    await deps.database.transaction((tx) =>
      queries.insertArtifact(tx, {
        id: newId(),
        executionId,
        kind: artifact.kind,
        name: artifact.name,
        sha256,
        size,
        mediaType: artifact.mediaType,
        createdAt: at,
      }),
    );
  }
}

/** The ids of the connections a workflow names (`connection_id` anywhere in a tool's config): never their secrets. */
export function connectionIdsOf(content: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value !== null && typeof value === "object") {
      for (const [key, member] of Object.entries(value)) {
        if (key === "connection_id" && typeof member === "string") found.add(member);
        else walk(member);
      }
    }
  };
  walk((content as { tools?: unknown })?.tools);
  return [...found].sort();
}
