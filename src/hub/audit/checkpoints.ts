import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { canonicalJson } from "../../shared/hash";
import type { Logger } from "../../shared/logger";
import type { AuditEvent } from "./chain";
import { type Checkpoint, insertCheckpoint, readHead } from "./queries";
import { type AuditSigningKey, loadSigningKey } from "./signing-key";

/** A checkpoint is signed at every multiple of this seq (and hourly, by the background task). */
export const CHECKPOINT_EVERY_EVENTS = 1000;

/** The bytes a checkpoint's signature covers: canonical JSON of {seq, head_hash, ts}. */
export function checkpointPayload(c: Pick<Checkpoint, "seq" | "headHash" | "ts">): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson({ seq: c.seq, head_hash: c.headHash, ts: c.ts.toISOString() }));
}

/** True when `c` was signed by `key` (a checkpoint naming another key is not). */
export async function checkpointSigned(c: Checkpoint, key: AuditSigningKey): Promise<boolean> {
  if (c.keyId !== key.keyId) return false;
  const signature = Buffer.from(c.signature, "base64");
  return crypto.subtle.verify("Ed25519", key.publicKey, signature, checkpointPayload(c));
}

/** Where the append-only copy of the checkpoints lives, under the data directory. */
export function checkpointFilePath(dataDir: string): string {
  return join(dataDir, "audit", "checkpoints.jsonl");
}

/** Signs checkpoints and keeps them in the database and in the append-only file. */
export interface Checkpointer {
  key(): Promise<AuditSigningKey>;
  /** Signs `{seq, hash}` unless a checkpoint exists at that seq; answers the new one. */
  signAt(seq: number, hash: string): Promise<Checkpoint | null>;
  /** Signs the current head when it is past the last checkpoint (the hourly task). */
  signHead(): Promise<Checkpoint | null>;
  /** The writer's after-commit hook: signs at every CHECKPOINT_EVERY_EVENTS-th event. */
  afterCommit(event: AuditEvent): Promise<void>;
  /** The checkpoints of the file; `malformedLines` counts lines that are not one. */
  readFile(): { checkpoints: Checkpoint[]; malformedLines: number };
  readonly filePath: string;
}

export interface CheckpointerDeps {
  database: HubDatabase;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  /** AUDIT_SIGNING_KEY, when set. */
  configuredKey?: string;
  every?: number;
}

function parseLine(line: string): Checkpoint | null {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    const ts = new Date(String(v.ts));
    if (typeof v.seq !== "number" || typeof v.head_hash !== "string" || typeof v.signature !== "string") return null;
    if (typeof v.key_id !== "string" || Number.isNaN(ts.getTime())) return null;
    return { seq: v.seq, headHash: v.head_hash, ts, signature: v.signature, keyId: v.key_id };
  } catch {
    return null;
  }
}

export function createCheckpointer(deps: CheckpointerDeps): Checkpointer {
  const { database, clock, logger, dataDir, configuredKey, every = CHECKPOINT_EVERY_EVENTS } = deps;
  const filePath = checkpointFilePath(dataDir);
  let keyPromise: Promise<AuditSigningKey> | undefined;
  const key = () => {
    keyPromise ??= loadSigningKey({ configured: configuredKey, path: join(dataDir, "audit", "signing.key"), logger });
    return keyPromise;
  };

  const signAt = async (seq: number, headHash: string): Promise<Checkpoint | null> => {
    const k = await key();
    const ts = clock();
    const signature = await crypto.subtle.sign("Ed25519", k.privateKey, checkpointPayload({ seq, headHash, ts }));
    const checkpoint: Checkpoint = {
      seq,
      headHash,
      ts,
      signature: Buffer.from(signature).toString("base64"),
      keyId: k.keyId,
    };
    const stored = await database.transaction((tx) => insertCheckpoint(tx, checkpoint));
    if (!stored) return null;
    // After the row committed, so the file never names a checkpoint the database lacks
    // (a crash between the two leaves the file one short: verify still checks the row).
    mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
    const line = canonicalJson({
      seq,
      head_hash: headHash,
      ts: ts.toISOString(),
      signature: checkpoint.signature,
      key_id: k.keyId,
    });
    appendFileSync(filePath, `${line}\n`, { mode: 0o600 });
    return checkpoint;
  };

  return {
    key,
    filePath,
    signAt,
    async signHead() {
      const head = await readHead(database);
      if (!head || head.seq === 0) return null;
      return signAt(head.seq, head.hash);
    },
    async afterCommit(e) {
      if (e.seq % every !== 0) return;
      // The audited write already committed: a failed checkpoint must not fail it. The
      // hourly task signs the head later, so the gap closes by itself.
      await signAt(e.seq, e.hash).catch((err: unknown) =>
        logger.error("audit checkpoint failed", { seq: e.seq, error: err }),
      );
    },
    readFile() {
      if (!existsSync(filePath)) return { checkpoints: [], malformedLines: 0 };
      const checkpoints: Checkpoint[] = [];
      let malformedLines = 0;
      for (const line of readFileSync(filePath, "utf8").split("\n")) {
        if (!line.trim()) continue;
        const c = parseLine(line);
        if (c) checkpoints.push(c);
        else malformedLines++;
      }
      return { checkpoints, malformedLines };
    },
  };
}
