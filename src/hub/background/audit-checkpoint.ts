import type { Checkpointer } from "../audit/checkpoints";

/** How often the head is signed when fewer than 1,000 events came since the last checkpoint. */
export const AUDIT_CHECKPOINT_EVERY_MS = 3_600_000;

/**
 * One pass of the hourly checkpoint: signs the chain head when it moved past the last
 * checkpoint, so a quiet Hub's tail is covered within the hour (a checkpoint every 1,000
 * events alone would leave up to 999 events that could be cut off unseen).
 */
export async function checkpointHead(checkpoints: Checkpointer): Promise<void> {
  await checkpoints.signHead();
}
