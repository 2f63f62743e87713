import { Show } from "solid-js";
import type { HubWorkspace } from "../hub-workspace";
import { cronInWords } from "./cron-words";
import { LastRuns } from "./last-runs";
import type { HubSchedule } from "./schedules-api";
import { agoTime, exactTime, relativeTime } from "./when";

/** The row's actions; the page does the calls and says what went wrong. */
export interface ScheduleActions {
  toggle(s: HubSchedule): void;
  runNow(s: HubSchedule): void;
  edit(s: HubSchedule): void;
  remove(s: HubSchedule): void;
  showRuns(s: HubSchedule, open: boolean): void;
}

function When(props: { at: string | null; timezone: string; now: () => Date; none: string; past?: boolean }) {
  return (
    <Show when={props.at} fallback={<span class="muted">{props.none}</span>}>
      {(at) => (
        <time datetime={at()} title={exactTime(new Date(at()), props.timezone)}>
          {(props.past ? agoTime : relativeTime)(new Date(at()), props.now())}
        </time>
      )}
    </Show>
  );
}

/**
 * One schedule in the list (a <tbody>: its row, and its last runs under it when opened). The
 * controls that change it are shown only to whom the Hub lets change it: its owner and admins.
 */
export function ScheduleRow(props: {
  schedule: HubSchedule;
  workspace: HubWorkspace;
  workflowName: string | undefined;
  owner: string;
  mayChange: boolean;
  busy: boolean;
  runsOpen: boolean;
  highlighted: boolean;
  now: () => Date;
  actions: ScheduleActions;
}) {
  const s = () => props.schedule;
  const title = () => s().name || props.workflowName || "Workflow";
  return (
    <tbody
      class="schedule"
      classList={{ highlighted: props.highlighted, off: !s().enabled }}
      data-testid="schedule-row"
      data-schedule-id={s().id}
      aria-busy={props.busy}
    >
      <tr>
        <td>
          <span class="schedule-title" data-testid="schedule-title">
            {title()}
          </span>
          <Show when={s().name && props.workflowName}>
            <span class="schedule-sub">Runs {props.workflowName}</span>
          </Show>
          <span class="schedule-sub" data-testid="schedule-words">
            {cronInWords(s().cron)} <code>{s().cron}</code> · {s().timezone}
          </span>
          <Show when={props.owner}>
            <span class="schedule-sub">Owner: {props.owner}</span>
          </Show>
        </td>
        <td class="schedule-when" data-testid="schedule-next">
          <When at={s().next_run_at} timezone={s().timezone} now={props.now} none={s().enabled ? "None left" : "Off"} />
        </td>
        <td class="schedule-when">
          <When at={s().last_run_at} timezone={s().timezone} now={props.now} none="Not yet" past />
          <Show when={s().skipped_count > 0}>
            <span class="schedule-sub" title="Occurrences skipped while the previous run was still going">
              {s().skipped_count.toLocaleString("en")} skipped
            </span>
          </Show>
        </td>
        <td>{s().overlap === "skip" ? "Skips while one runs" : "Runs alongside"}</td>
        <td>
          <Show
            when={props.mayChange}
            fallback={<span data-testid="schedule-state">{s().enabled ? "On" : "Off"}</span>}
          >
            <button
              type="button"
              role="switch"
              class="schedule-switch"
              data-testid="schedule-toggle"
              aria-checked={s().enabled}
              aria-label={`${title()}: ${s().enabled ? "on, choose to turn off" : "off, choose to turn on"}`}
              disabled={props.busy}
              onClick={() => props.actions.toggle(s())}
            >
              <span class="schedule-switch-knob" aria-hidden="true" />
              {s().enabled ? "On" : "Off"}
            </button>
          </Show>
        </td>
        <td class="schedule-actions">
          <button
            type="button"
            data-testid="schedule-runs-toggle"
            aria-expanded={props.runsOpen}
            onClick={() => props.actions.showRuns(s(), !props.runsOpen)}
          >
            Last runs
          </button>
          <Show when={props.mayChange}>
            <button
              type="button"
              data-testid="schedule-run-now"
              disabled={props.busy}
              onClick={() => props.actions.runNow(s())}
            >
              Run now
            </button>
            <button type="button" data-testid="schedule-edit" onClick={() => props.actions.edit(s())}>
              Edit
            </button>
            <button
              type="button"
              class="danger"
              data-testid="schedule-delete"
              onClick={() => props.actions.remove(s())}
            >
              Delete
            </button>
          </Show>
        </td>
      </tr>
      <Show when={props.runsOpen}>
        <tr class="schedule-runs-row">
          <td colSpan={6}>
            <LastRuns workspace={props.workspace} scheduleId={s().id} now={props.now} />
          </td>
        </tr>
      </Show>
    </tbody>
  );
}
