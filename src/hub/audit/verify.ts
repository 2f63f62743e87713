import type { HubQueryable } from "../../db/hub-db";
import { eventHash, GENESIS_HASH } from "./chain";
import { checkpointSigned } from "./checkpoints";
import { type Checkpoint, eventsAfter, listCheckpoints, readHead } from "./queries";
import type { AuditSigningKey } from "./signing-key";

export type VerifyReason = "hash_mismatch" | "prev_link_mismatch" | "seq_gap" | "truncated" | "checkpoint_mismatch";

/** The answer of /audit/verify (decisions.md). */
export interface VerifyResult {
  valid: boolean;
  /** Events whose links and hashes were checked (up to the first invalid one). */
  checked: number;
  /** The hash of the last event that checked out (the genesis hash for an empty log). */
  head_hash: string;
  first_invalid_seq: number | null;
  reason: VerifyReason | null;
}

export interface VerifyInput {
  q: HubQueryable;
  key: AuditSigningKey;
  /** The checkpoints of the append-only file, and how many of its lines did not parse. */
  file: { checkpoints: Checkpoint[]; malformedLines: number };
  /** Events read per query; memory is this many events, however long the chain. */
  pageSize?: number;
}

const sameCheckpoint = (a: Checkpoint, b: Checkpoint) =>
  a.headHash === b.headHash && a.signature === b.signature && a.ts.getTime() === b.ts.getTime();

/**
 * The checkpoints of the database and the file, merged by seq, and the lowest seq whose
 * checkpoint is not trustworthy (two copies disagree, or the signature does not verify).
 */
async function gatherCheckpoints(q: HubQueryable, key: AuditSigningKey, file: VerifyInput["file"]) {
  const bySeq = new Map<number, Checkpoint>();
  let badSeq = Number.POSITIVE_INFINITY;
  for (const c of [...(await listCheckpoints(q)), ...file.checkpoints]) {
    const seen = bySeq.get(c.seq);
    if (seen) {
      // The file's copy of a checkpoint the table has: equal, or one of them was changed.
      if (!sameCheckpoint(seen, c)) badSeq = Math.min(badSeq, c.seq);
      continue;
    }
    bySeq.set(c.seq, c);
    if (!(await checkpointSigned(c, key))) badSeq = Math.min(badSeq, c.seq);
  }
  // A line of the file that is not a checkpoint was written by someone else: say so at once.
  if (file.malformedLines > 0) badSeq = 0;
  const last = Math.max(0, ...bySeq.keys());
  return { bySeq, badSeq, last };
}

/**
 * Walks the whole chain in seq order, a page at a time (keyset, so memory stays at one
 * page), checking for each event: its seq follows the previous one (seq_gap), its prev_hash
 * is the previous hash (prev_link_mismatch), its hash recomputes (hash_mismatch), and it
 * matches any signed checkpoint at its seq (checkpoint_mismatch). After the walk, a head row
 * or a checkpoint beyond the last event means events were cut off the end (truncated): the
 * hash chain alone cannot see that, its remaining prefix still links. The first problem by
 * seq is the answer.
 */
export async function verifyChain({ q, key, file, pageSize = 5000 }: VerifyInput): Promise<VerifyResult> {
  const checkpoints = await gatherCheckpoints(q, key, file);
  const head = await readHead(q);
  let prev = GENESIS_HASH;
  let expected = 1;
  const fail = (seq: number, reason: VerifyReason): VerifyResult => ({
    valid: false,
    checked: expected - 1,
    head_hash: prev,
    first_invalid_seq: seq,
    reason,
  });
  if (checkpoints.badSeq === 0) return fail(0, "checkpoint_mismatch");
  for (;;) {
    const page = await eventsAfter(q, expected - 1, pageSize);
    for (const e of page) {
      if (checkpoints.badSeq < e.seq) return fail(checkpoints.badSeq, "checkpoint_mismatch");
      if (e.seq !== expected) return fail(expected, "seq_gap");
      if (e.prevHash !== prev) return fail(e.seq, "prev_link_mismatch");
      if (eventHash(e) !== e.hash) return fail(e.seq, "hash_mismatch");
      const checkpoint = checkpoints.bySeq.get(e.seq);
      if (checkpoints.badSeq === e.seq || (checkpoint && checkpoint.headHash !== e.hash)) {
        return fail(e.seq, "checkpoint_mismatch");
      }
      prev = e.hash;
      expected++;
    }
    if (page.length < pageSize) break;
  }
  const lastSeq = expected - 1;
  if (checkpoints.badSeq !== Number.POSITIVE_INFINITY) return fail(checkpoints.badSeq, "checkpoint_mismatch");
  if (checkpoints.last > lastSeq || (head && head.seq > lastSeq)) return fail(lastSeq + 1, "truncated");
  // The head names the last event: a last event rewritten after the fact no longer matches it.
  if (head && head.seq === lastSeq && head.hash !== prev) return fail(lastSeq, "hash_mismatch");
  return { valid: true, checked: lastSeq, head_hash: prev, first_invalid_seq: null, reason: null };
}
