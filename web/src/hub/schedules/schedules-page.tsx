import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { createNow } from "../ui/now";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { ConfirmDelete } from "./confirm-delete";
import { ScheduleForm } from "./schedule-form";
import { type ScheduleActions, ScheduleRow } from "./schedule-row";
import { deleteSchedule, type HubSchedule, listSchedules, runScheduleNow, toggleSchedule } from "./schedules-api";
import { createWorkflowNames } from "./workflow-names";
import "../ui/hub-page.css";
import "./schedules-page.css";

/** Schedules a page of the list holds: paged by the Hub. */
export const SCHEDULES_PAGE_SIZE = 50;

/**
 * The Schedules area: the schedules the person may see (their own; everyone's for auditors and
 * above, as the Hub answers), a page at a time, newest first. Anyone makes one for a workflow
 * they may run; its owner and admins switch, run, change and delete it (the Hub's rule:
 * controls others may not use are not shown). Each opens its last runs, live.
 */
export function SchedulesPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const now = createNow(30_000);
  const names = workspace ? createWorkflowNames(workspace.hub) : () => undefined;
  const [offset, setOffset] = createSignal(0);
  const [form, setForm] = createSignal<{ schedule?: HubSchedule }>();
  const [deleting, setDeleting] = createSignal<HubSchedule>();
  const [busy, setBusy] = createSignal<string>();
  const [failed, setFailed] = createSignal<string>();
  const [open, setOpen] = createSignal<ReadonlySet<string>>(
    new Set(workspace?.route().id ? [workspace.route().id as string] : []),
  );
  const [list, { refetch, mutate }] = createResource(
    // Asked again when a session that ended is renewed: its refusal was the session's.
    () => ({ offset: offset(), renewal: account?.renewals() }),
    ({ offset }) => {
      if (!workspace) throw new Error("no Hub serves this page");
      return listSchedules(workspace.hub, { offset, limit: SCHEDULES_PAGE_SIZE });
    },
  );
  const me = () => account?.user();
  const isAdmin = () => {
    const role = me()?.role;
    return role !== undefined && roleAtLeast(role, "admin");
  };
  const mayChange = (s: HubSchedule) => s.user_id === me()?.id || isAdmin();
  const replace = (next: HubSchedule) =>
    mutate((answer) => answer && { ...answer, schedules: answer.schedules.map((s) => (s.id === next.id ? next : s)) });
  const showRuns = (id: string, show: boolean) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (show) next.add(id);
      else next.delete(id);
      return next;
    });
  const act = async (s: HubSchedule, what: string, work: () => Promise<void>) => {
    if (busy()) return;
    setBusy(s.id);
    setFailed(undefined);
    try {
      await work();
    } catch (err) {
      setFailed(`Could not ${what} “${s.name || names(s.workflow_id) || "the schedule"}”: ${(err as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };
  const actions: ScheduleActions = {
    toggle: (s) =>
      void act(s, s.enabled ? "turn off" : "turn on", async () => {
        replace(await toggleSchedule(ws(), s.id));
      }),
    runNow: (s) =>
      void act(s, "run", async () => {
        await runScheduleNow(ws(), s.id);
        showRuns(s.id, true);
      }),
    edit: (s) => setForm({ schedule: s }),
    remove: (s) => setDeleting(s),
    showRuns: (s, show) => showRuns(s.id, show),
  };
  const ws = () => {
    if (!workspace) throw new Error("no Hub serves this page");
    return workspace.hub;
  };
  const saved = (s: HubSchedule, isNew: boolean) => {
    if (isNew) {
      // The newest is first: show the first page, where it is.
      if (offset() === 0) void refetch();
      else setOffset(0);
    } else replace(s);
  };

  return (
    <main class="hub-page schedules-page" data-testid="schedules-page" aria-labelledby="schedules-title">
      <header class="hub-page-head">
        <h1 id="schedules-title">Schedules</h1>
        <div class="hub-page-actions">
          <button type="button" class="primary" data-testid="schedule-new" onClick={() => setForm({})}>
            New schedule
          </button>
        </div>
      </header>
      <Show when={failed()}>
        <p class="hub-page-error" role="alert" data-testid="schedules-action-error">
          {failed()}
        </p>
      </Show>
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="schedules-error" retry={() => void refetch()}>
            <p>The Hub did not answer with the schedules: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="schedules-loading">
            <p>Loading schedules…</p>
          </PageState>
        </Match>
        <Match when={list.latest?.schedules.length === 0}>
          <PageState kind="empty" testid="schedules-empty">
            <p>No schedules yet.</p>
            <p>
              Choose <strong>New schedule</strong> to run a saved workflow at set times, for example every weekday at
              06:30. A workflow is saved from the Designer.
            </p>
          </PageState>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <>
              <table class="hub-table schedules-table" data-testid="schedules-table" aria-busy={list.loading}>
                <thead>
                  <tr>
                    <th scope="col">Schedule</th>
                    <th scope="col">Next run</th>
                    <th scope="col" title="The last run its clock started (Run now is not counted)">
                      Last scheduled run
                    </th>
                    <th scope="col">If still running</th>
                    <th scope="col">On</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <For each={answer().schedules}>
                  {(s) => (
                    <ScheduleRow
                      schedule={s}
                      workspace={workspace as NonNullable<typeof workspace>}
                      workflowName={names(s.workflow_id)}
                      owner={s.user_id === me()?.id ? "" : "another person"}
                      mayChange={mayChange(s)}
                      busy={busy() === s.id}
                      runsOpen={open().has(s.id)}
                      highlighted={workspace?.route().id === s.id}
                      now={now}
                      actions={actions}
                    />
                  )}
                </For>
              </table>
              <Pager
                testid="schedules"
                label="Pages of schedules"
                offset={offset()}
                count={answer().schedules.length}
                total={answer().total}
                pageSize={SCHEDULES_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
      <Show when={form()}>
        {(f) => (
          <ScheduleForm
            hub={ws()}
            schedule={f().schedule}
            pickFrom={f().schedule ? undefined : { ownerId: isAdmin() ? undefined : me()?.id }}
            workflowName={f().schedule ? names(f().schedule?.workflow_id ?? "") : undefined}
            now={now}
            onSaved={(s) => saved(s, !f().schedule)}
            onClose={() => setForm(undefined)}
          />
        )}
      </Show>
      <Show when={deleting()}>
        {(s) => (
          <ConfirmDelete
            title={s().name || names(s().workflow_id) || "this schedule"}
            onDelete={async () => {
              await deleteSchedule(ws(), s().id);
              showRuns(s().id, false);
              void refetch();
            }}
            onClose={() => setDeleting(undefined)}
          />
        )}
      </Show>
    </main>
  );
}
