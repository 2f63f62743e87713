import { createEffect, createResource, For } from "solid-js";
import type { HubWorkspace } from "../hub-workspace";
import { localInputToIso, STATUS_LABEL } from "./execution-words";
import { type ExecutionFilter, type ExecutionStatus, listSchedules } from "./executions-api";

/** The filters as typed (the time range as the inputs hold it, local time). */
export interface FilterInputs {
  status: ExecutionStatus | "";
  workflow_id: string;
  schedule_id: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FilterInputs = { status: "", workflow_id: "", schedule_id: "", from: "", to: "" };

/** The Hub's query for what the inputs hold (empty ones do not filter). */
export function filterOf(inputs: FilterInputs): ExecutionFilter {
  const filter: ExecutionFilter = {};
  if (inputs.status) filter.status = inputs.status;
  if (inputs.workflow_id) filter.workflow_id = inputs.workflow_id;
  if (inputs.schedule_id) filter.schedule_id = inputs.schedule_id;
  const from = localInputToIso(inputs.from);
  const to = localInputToIso(inputs.to);
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
}

/**
 * The list's filters, each one the Hub's `GET /executions` query answers: status, workflow,
 * trigger (a schedule) and the time the run was created in. The workflow and schedule
 * choices are the first 200 the person may see: a filter, not a second list to page.
 */
export function ExecutionFilters(props: {
  workspace: HubWorkspace;
  value: FilterInputs;
  onChange: (next: FilterInputs) => void;
  /** The runs shown: a workflow or schedule of theirs not among the choices reads the choices again. */
  shown: readonly { workflow_id: string; schedule_id: string | null }[];
}) {
  const [workflows, reloadWorkflows] = createResource(() =>
    props.workspace.hub.listWorkflows({ limit: 200, offset: 0 }),
  );
  const [schedules, reloadSchedules] = createResource(() => listSchedules(props.workspace.hub));
  // A workflow saved (or a schedule made) after the page opened: its runs appear live, and so do they here.
  const asked = new Set<string>();
  const missing = (id: string, known: readonly { id: string }[] | undefined) =>
    known !== undefined && !asked.has(id) && !known.some((k) => k.id === id);
  createEffect(() => {
    const wf = props.shown.find((run) => missing(run.workflow_id, workflows.latest?.workflows));
    if (wf) {
      asked.add(wf.workflow_id);
      void reloadWorkflows.refetch();
    }
    const sc = props.shown.find((run) => run.schedule_id && missing(run.schedule_id, schedules.latest?.schedules));
    if (sc?.schedule_id) {
      asked.add(sc.schedule_id);
      void reloadSchedules.refetch();
    }
  });
  const set = (key: keyof FilterInputs, value: string) => props.onChange({ ...props.value, [key]: value });
  const any = () => Object.values(props.value).some((v) => v !== "");
  return (
    <fieldset class="runs-filters" data-testid="executions-filters">
      <legend class="visually-hidden">Filter executions</legend>
      <label>
        <span>Status</span>
        <select
          data-testid="executions-filter-status"
          value={props.value.status}
          onChange={(e) => set("status", e.currentTarget.value)}
        >
          <option value="">Any status</option>
          <For each={Object.entries(STATUS_LABEL)}>{([value, label]) => <option value={value}>{label}</option>}</For>
        </select>
      </label>
      <label>
        <span>Workflow</span>
        <select
          data-testid="executions-filter-workflow"
          value={props.value.workflow_id}
          onChange={(e) => set("workflow_id", e.currentTarget.value)}
        >
          <option value="">Any workflow</option>
          <For each={workflows.latest?.workflows ?? []}>{(w) => <option value={w.id}>{w.name}</option>}</For>
        </select>
      </label>
      <label>
        <span>Trigger</span>
        <select
          data-testid="executions-filter-schedule"
          value={props.value.schedule_id}
          onChange={(e) => set("schedule_id", e.currentTarget.value)}
        >
          <option value="">Any trigger</option>
          <For each={schedules.latest?.schedules ?? []}>
            {(s) => <option value={s.id}>Schedule: {s.name ?? s.cron}</option>}
          </For>
        </select>
      </label>
      <label>
        <span>From</span>
        <input
          type="datetime-local"
          data-testid="executions-filter-from"
          value={props.value.from}
          onChange={(e) => set("from", e.currentTarget.value)}
        />
      </label>
      <label>
        <span>Until</span>
        <input
          type="datetime-local"
          data-testid="executions-filter-to"
          value={props.value.to}
          onChange={(e) => set("to", e.currentTarget.value)}
        />
      </label>
      <button
        type="button"
        class="runs-filters-clear"
        data-testid="executions-filter-clear"
        disabled={!any()}
        onClick={() => props.onChange(NO_FILTERS)}
      >
        Clear filters
      </button>
    </fieldset>
  );
}
