import { createSignal, Match, Show, Switch } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { type AuditCheckpoint, type AuditVerdict, auditCheckpoints, verifyAudit } from "./audit-api";
import { exactTime } from "./when";

/** What each reason of a broken chain means (docs/hub-audit.md "What verify checks"). */
const REASONS: Record<NonNullable<AuditVerdict["reason"]>, string> = {
  seq_gap: "an event is missing from the middle of the log",
  prev_link_mismatch: "an event does not link to the one before it: an event was rewritten with a recomputed hash",
  hash_mismatch: "an event's content does not match its hash: a record was changed",
  checkpoint_mismatch:
    "a signed checkpoint does not match the log, its signature fails, or its two copies (database and file) differ",
  truncated: "the log ends before an event the Hub has recorded: events were cut off the end",
};

interface Checked {
  verdict: AuditVerdict;
  latest: AuditCheckpoint | undefined;
  publicKey: string;
  at: Date;
}

/**
 * The Audit Log's Verify: checks the whole hash chain against itself and the signed
 * checkpoints on the Hub, and shows the verdict (valid, or the first broken event and why)
 * with the latest signed checkpoint, so an auditor can compare it with a copy kept outside.
 */
export function VerifyPanel(props: { hub: HubClient }) {
  const [busy, setBusy] = createSignal(false);
  const [checked, setChecked] = createSignal<Checked>();
  const [error, setError] = createSignal<string>();
  const verify = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const [verdict, list] = await Promise.all([verifyAudit(props.hub), auditCheckpoints(props.hub)]);
      setChecked({ verdict, latest: list.checkpoints.at(-1), publicKey: list.public_key, at: new Date() });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="audit-verify" aria-labelledby="audit-verify-title" data-testid="audit-verify">
      <div class="audit-verify-head">
        <h2 id="audit-verify-title">Integrity</h2>
        <button type="button" data-testid="audit-verify-button" aria-busy={busy()} disabled={busy()} onClick={verify}>
          {busy() ? "Verifying…" : "Verify"}
        </button>
      </div>
      <div aria-live="polite">
        <Switch
          fallback={
            <p class="audit-verify-hint">
              Verify reads the whole log and checks each event's hash, its link to the one before, and the signed
              checkpoints.
            </p>
          }
        >
          <Match when={error()}>
            <p class="hub-page-error" role="alert" data-testid="audit-verify-error">
              The Hub did not verify the log: {error()}
            </p>
          </Match>
          <Match when={checked()}>
            {(c) => (
              <div data-testid="audit-verify-result" data-valid={String(c().verdict.valid)}>
                <Show
                  when={c().verdict.valid}
                  fallback={
                    <p class="audit-verdict bad">
                      <strong>Broken</strong> at event #{c().verdict.first_invalid_seq ?? "?"}:{" "}
                      {c().verdict.reason ? REASONS[c().verdict.reason as keyof typeof REASONS] : "unknown reason"}.{" "}
                      {c().verdict.checked.toLocaleString("en")} events before it check out.
                    </p>
                  }
                >
                  <p class="audit-verdict good">
                    <strong>Valid</strong>: all {c().verdict.checked.toLocaleString("en")} events check out against each
                    other and the signed checkpoints.
                  </p>
                </Show>
                <Show
                  when={c().latest}
                  fallback={
                    <p class="audit-checkpoint" data-testid="audit-checkpoint-none">
                      No checkpoint is signed yet: the Hub signs one every 1,000 events and every hour.
                    </p>
                  }
                >
                  {(cp) => (
                    <dl class="audit-checkpoint" data-testid="audit-checkpoint">
                      <dt>Latest signed checkpoint</dt>
                      <dd data-testid="audit-checkpoint-seq">
                        event #{cp().seq.toLocaleString("en")}, signed{" "}
                        <time datetime={cp().ts}>{exactTime(cp().ts)}</time>
                      </dd>
                      <dt>Head hash</dt>
                      <dd>
                        <code>{cp().head_hash}</code>
                      </dd>
                      <dt>Public key</dt>
                      <dd>
                        <code>{c().publicKey}</code>
                      </dd>
                    </dl>
                  )}
                </Show>
                <p class="audit-verify-hint">Checked at {exactTime(c().at.toISOString())}.</p>
              </div>
            )}
          </Match>
        </Switch>
      </div>
    </section>
  );
}
