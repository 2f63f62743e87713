import { Show } from "solid-js";
import { exactTime, relativeTime, runDuration, triggerText } from "./execution-words";
import type { ExecutionDetail } from "./executions-api";
import type { RunNames } from "./run-names";

function When(props: { iso: string | null; now: Date; testid: string }) {
  return (
    <Show when={props.iso} fallback={<span class="runs-note">Not yet</span>}>
      {(iso) => (
        <time datetime={iso()} title={relativeTime(iso(), props.now)} data-testid={props.testid}>
          {exactTime(iso())}
        </time>
      )}
    </Show>
  );
}

/** Who ran what, when, how long, where, and why it failed when it did. */
export function ExecutionFacts(props: { run: ExecutionDetail; names: RunNames; now: Date }) {
  return (
    <>
      <Show when={props.run.error && props.run.status !== "cancelled"}>
        <p class="hub-page-error runs-error" role="alert" data-testid="execution-detail-error">
          {props.run.error}
        </p>
      </Show>
      <dl class="runs-facts" data-testid="execution-facts">
        <div>
          <dt>Who</dt>
          <dd data-testid="execution-who">{props.names.user(props.run.user_id)}</dd>
        </div>
        <div>
          <dt>Trigger</dt>
          <dd>{triggerText(props.run)}</dd>
        </div>
        <div>
          <dt>Revision</dt>
          <dd>{props.run.revision}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <When iso={props.run.created_at} now={props.now} testid="execution-created" />
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <When iso={props.run.started_at} now={props.now} testid="execution-started" />
          </dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>
            <When iso={props.run.finished_at} now={props.now} testid="execution-finished" />
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd data-testid="execution-detail-duration">{runDuration(props.run, props.now) || "—"}</dd>
        </div>
        <Show when={props.run.scheduled_for}>
          {(at) => (
            <div>
              <dt>Scheduled for</dt>
              <dd>{exactTime(at())}</dd>
            </div>
          )}
        </Show>
      </dl>
    </>
  );
}
