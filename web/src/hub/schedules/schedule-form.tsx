import { createSignal, onMount, Show } from "solid-js";
import { ApiError } from "../../lib/api";
import type { HubClient } from "../../lib/hub-api";
import { CronEditor } from "./cron-editor";
import { checkSchedule, fieldOf, type ScheduleField } from "./schedule-check";
import { createSchedule, type HubSchedule, updateSchedule } from "./schedules-api";
import { browserTimeZone } from "./when";
import { WorkflowPicker } from "./workflow-picker";
import "./schedule-form.css";

/**
 * The dialog that makes a schedule from a Hub workflow, or changes one: a name, the cron and
 * zone (CronEditor), what happens when a run is still going at the next occurrence, and
 * whether it is on. A modal <dialog>: the focus stays inside, Escape closes. What the Hub
 * refuses is shown where it belongs: a cron or zone at its field, anything else above the buttons.
 */
export function ScheduleForm(props: {
  hub: Pick<HubClient, "request">;
  /** The schedule to change; none: a new one. */
  schedule?: HubSchedule;
  /**
   * A new schedule's choice of workflow: the owner whose workflows may be scheduled (the
   * person's own), or undefined for every workflow (admins and above may run any).
   */
  pickFrom?: { ownerId: string | undefined };
  /** The name of the edited schedule's workflow. */
  workflowName?: string;
  now: () => Date;
  onSaved: (schedule: HubSchedule) => void;
  onClose: () => void;
}) {
  let dialog: HTMLDialogElement | undefined;
  const s = props.schedule;
  const [workflowId, setWorkflowId] = createSignal(s?.workflow_id ?? "");
  const [name, setName] = createSignal(s?.name ?? "");
  const [cron, setCron] = createSignal(s?.cron ?? "0 6 * * 1-5");
  const [timezone, setTimezone] = createSignal(s?.timezone ?? browserTimeZone());
  const [overlap, setOverlap] = createSignal<"skip" | "allow">(s?.overlap ?? "skip");
  const [enabled, setEnabled] = createSignal(s?.enabled ?? true);
  const [saving, setSaving] = createSignal(false);
  const [refused, setRefused] = createSignal<{ field: ScheduleField; message: string }>();
  const [failed, setFailed] = createSignal<string>();
  onMount(() => dialog?.showModal());

  const edit = (field: ScheduleField, set: (v: string) => void) => (value: string) => {
    set(value);
    if (refused()?.field === field) setRefused(undefined);
  };
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setFailed(undefined);
    if (!s && !workflowId()) return setFailed("Choose the workflow to run.");
    if (!checkSchedule(cron(), timezone(), props.now()).ok) return;
    setSaving(true);
    const fields = {
      cron: cron().trim(),
      timezone: timezone().trim(),
      name: name().trim() || null,
      overlap: overlap(),
      enabled: enabled(),
    };
    try {
      const saved = s
        ? await updateSchedule(props.hub, s.id, fields)
        : await createSchedule(props.hub, { workflow_id: workflowId(), ...fields });
      props.onSaved(saved);
      dialog?.close();
    } catch (err) {
      const detail = (err as Error).message;
      if (err instanceof ApiError && err.status === 400 && /^(cron|timezone)\b/.test(detail)) {
        setRefused({ field: fieldOf(detail), message: detail });
      } else {
        setFailed(`The Hub did not save the schedule: ${detail}`);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="schedule-form"
      data-testid="schedule-form"
      aria-labelledby="schedule-form-title"
      onClose={() => props.onClose()}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="schedule-form-title">{s ? "Change the schedule" : "Schedule a workflow"}</h2>
        <Show
          when={!s && props.pickFrom}
          fallback={
            <p class="schedule-form-workflow">
              Runs <strong>{props.workflowName ?? "its workflow"}</strong>
              {s?.revision ? ` (revision ${s.revision})` : " (its newest revision at each run)"}
            </p>
          }
        >
          {(pick) => (
            <WorkflowPicker hub={props.hub} ownerId={pick().ownerId} value={workflowId()} onPick={setWorkflowId} />
          )}
        </Show>
        <label class="cron-field">
          <span>Name (optional)</span>
          <input
            type="text"
            data-testid="schedule-name"
            maxLength={200}
            placeholder="e.g. Morning sales report"
            value={name()}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <CronEditor
          cron={cron()}
          timezone={timezone()}
          onCron={edit("cron", setCron)}
          onTimezone={edit("timezone", setTimezone)}
          refused={refused()}
          now={props.now}
        />
        <fieldset class="schedule-overlap">
          <legend>When the previous run is still going</legend>
          <label>
            <input
              type="radio"
              name="overlap"
              data-testid="schedule-overlap-skip"
              checked={overlap() === "skip"}
              onChange={() => setOverlap("skip")}
            />
            Skip this run (it is counted as skipped)
          </label>
          <label>
            <input
              type="radio"
              name="overlap"
              data-testid="schedule-overlap-allow"
              checked={overlap() === "allow"}
              onChange={() => setOverlap("allow")}
            />
            Run anyway, alongside it
          </label>
        </fieldset>
        <label class="schedule-enabled">
          <input
            type="checkbox"
            data-testid="schedule-enabled"
            checked={enabled()}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          On: runs at each occurrence
        </label>
        <Show when={failed()}>
          <p class="cron-problem" role="alert" data-testid="schedule-form-error">
            {failed()}
          </p>
        </Show>
        <div class="schedule-form-actions">
          <button type="button" data-testid="schedule-cancel" onClick={() => dialog?.close()}>
            Cancel
          </button>
          <button type="submit" class="primary" data-testid="schedule-save" disabled={saving()} aria-busy={saving()}>
            {s ? "Save changes" : "Create schedule"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
