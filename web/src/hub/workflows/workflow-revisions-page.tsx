import { createMemo, createResource, createSignal, Match, Show, Switch } from "solid-js";
import { parseWorkflow } from "../../model/workflow";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { createAuthorNames } from "./author-names";
import { DiffCanvas } from "./diff-canvas";
import { DiffLegend } from "./diff-legend";
import { diffPicture } from "./diff-picture";
import { diffRevisions } from "./revision-diff";
import { RevisionList } from "./revision-list";
import { defaultPair, type RevisionPair, withFrom, withTo } from "./revision-pair";
import { downloadRevision, getRevision, type HubRevisionDetail, listRevisions, restoreRevision } from "./revisions-api";
import { ToolComparePanel } from "./tool-compare-panel";
import "../ui/hub-page.css";
import "./revisions.css";

/** Revisions a page of the list holds (paged by the Hub). */
export const REVISIONS_PAGE_SIZE = 50;

/**
 * One workflow's page (`#/workflows/<id>`): its revisions, and two of them compared on a
 * canvas (the newest against the one before, until the person picks others), a tool's
 * settings before and after, restore (its owner) and download.
 */
export function WorkflowRevisionsPage(props: { id: string; workspace: HubWorkspace }) {
  const hub = props.workspace.hub;
  const account = useHubAccount();
  const author = createAuthorNames(hub, () => account?.user());
  const [offset, setOffset] = createSignal(0);
  const [picked, setPicked] = createSignal<RevisionPair>();
  const [selected, setSelected] = createSignal<string>();
  const [busy, setBusy] = createSignal<number>();
  const [message, setMessage] = createSignal<{ text: string; bad?: boolean }>();

  const [workflow, { refetch: refetchWorkflow }] = createResource(
    () => props.id,
    (id) => hub.workflow(id),
  );
  const [revisions, { refetch: refetchRevisions }] = createResource(
    () => ({ id: props.id, offset: offset() }),
    (q) => listRevisions(hub, q.id, { limit: REVISIONS_PAGE_SIZE, offset: q.offset }),
  );
  /** The workflow as last answered (reading a resource that failed would throw). */
  const current = () => (workflow.error ? undefined : workflow.latest);
  const newest = () => current()?.revision ?? 1;
  const pair = () => picked() ?? defaultPair(newest());

  // Revisions never change: each is fetched once while the page is open.
  const details = new Map<number, Promise<HubRevisionDetail>>();
  const detail = (n: number) => {
    let found = details.get(n);
    if (!found) {
      found = getRevision(hub, props.id, n);
      found.catch(() => details.delete(n));
      details.set(n, found);
    }
    return found;
  };
  const [compared, { refetch: refetchCompared }] = createResource(
    () => (current() ? pair() : undefined),
    async ({ from, to }) => {
      const [before, after] = await Promise.all([detail(from), detail(to)]);
      const diff = diffRevisions(
        parseWorkflow(JSON.stringify(before.content)),
        parseWorkflow(JSON.stringify(after.content)),
      );
      return { from, to, diff, picture: diffPicture(diff) };
    },
  );
  const selectedTool = createMemo(() =>
    compared.error ? undefined : compared.latest?.diff.tools.find((t) => t.id === selected()),
  );
  const isOwner = () => current()?.owner_id === account?.user()?.id && !!account?.user();

  const choose = (next: RevisionPair) => {
    setPicked(next);
    setSelected(undefined);
  };

  const download = async (n: number) => {
    setBusy(n);
    setMessage(undefined);
    try {
      const file = await downloadRevision(hub, props.id, n);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = file.fileName;
      link.click();
      // After the click has handed the file over (the same task would be too soon for some browsers).
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setMessage({ text: `Downloaded revision ${n} as “${file.fileName}”.` });
    } catch (err) {
      setMessage({ text: `Could not download revision ${n}: ${(err as Error).message}`, bad: true });
    } finally {
      setBusy(undefined);
    }
  };

  const restore = async (n: number) => {
    setBusy(n);
    setMessage(undefined);
    try {
      const saved = await restoreRevision(hub, props.id, n);
      setMessage({
        text: saved.revision_created
          ? `Restored revision ${n} as revision ${saved.revision}: it is the newest now, and the history is kept.`
          : `Revision ${n} holds the same workflow as the newest revision: nothing to restore.`,
      });
      setOffset(0);
      setPicked(undefined);
      setSelected(undefined);
      await Promise.all([refetchWorkflow(), refetchRevisions()]);
    } catch (err) {
      setMessage({ text: `Could not restore revision ${n}: ${(err as Error).message}`, bad: true });
    } finally {
      setBusy(undefined);
    }
  };

  const openInDesigner = () => {
    const shown = current();
    if (!shown) return;
    const doc = parseWorkflow(JSON.stringify(shown.content));
    props.workspace.requestOpen({ ref: { id: shown.id, name: shown.name, revision: shown.revision }, doc });
    props.workspace.show("designer");
  };

  return (
    <main class="hub-page revisions-page" data-testid="revisions-page" aria-labelledby="revisions-title">
      <header class="hub-page-head">
        <button type="button" data-testid="revisions-back" onClick={() => props.workspace.show("workflows")}>
          ← Workflows
        </button>
        <h1 id="revisions-title">
          {current()?.name ?? "Workflow"}
          <span class="revisions-subtitle"> · revisions</span>
        </h1>
        <div class="hub-page-actions">
          <Show when={current()}>
            <button type="button" data-testid="revisions-open" onClick={openInDesigner}>
              Open in the designer
            </button>
          </Show>
        </div>
      </header>
      <div class="revisions-message" role="status" aria-live="polite">
        <Show when={message()}>
          {(m) => (
            <p classList={{ "hub-page-error": !!m().bad }} data-testid="revisions-message">
              {m().text}
            </p>
          )}
        </Show>
      </div>
      <Switch>
        <Match when={workflow.error}>
          <PageState kind="error" testid="revisions-error" retry={() => void refetchWorkflow()}>
            <p>The Hub did not answer with this workflow: {(workflow.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={!current()}>
          <PageState kind="loading" testid="revisions-loading">
            <p>Loading the workflow…</p>
          </PageState>
        </Match>
        <Match when={current()}>
          <div class="revisions-layout">
            <section class="revisions-side" aria-label="Revisions">
              <Switch>
                <Match when={revisions.error}>
                  <PageState kind="error" testid="revision-list-error" retry={() => void refetchRevisions()}>
                    <p>The Hub did not answer with the revisions: {(revisions.error as Error).message}</p>
                  </PageState>
                </Match>
                <Match when={!revisions.latest}>
                  <PageState kind="loading" testid="revision-list-loading">
                    <p>Loading revisions…</p>
                  </PageState>
                </Match>
                <Match when={revisions.latest}>
                  {(page) => (
                    <>
                      <RevisionList
                        revisions={page().revisions}
                        newest={newest()}
                        pair={pair()}
                        onFrom={(n) => choose(withFrom(pair(), n, newest()))}
                        onTo={(n) => choose(withTo(pair(), n))}
                        author={author}
                        canRestore={isOwner()}
                        busy={busy()}
                        onDownload={(n) => void download(n)}
                        onRestore={(n) => void restore(n)}
                      />
                      <Pager
                        testid="revisions"
                        label="Pages of revisions"
                        offset={offset()}
                        count={page().revisions.length}
                        total={page().total}
                        pageSize={REVISIONS_PAGE_SIZE}
                        onOffset={setOffset}
                      />
                    </>
                  )}
                </Match>
              </Switch>
            </section>
            <section class="revisions-diff" aria-labelledby="diff-title">
              <h2 id="diff-title" data-testid="diff-title">
                <Show when={pair().from !== pair().to} fallback={<>Revision {pair().to}, the only one so far</>}>
                  Revision {pair().from} → revision {pair().to}
                </Show>
              </h2>
              <Switch>
                <Match when={compared.error}>
                  <PageState kind="error" testid="diff-error" retry={() => void refetchCompared()}>
                    <p>Could not compare the two revisions: {(compared.error as Error).message}</p>
                  </PageState>
                </Match>
                <Match when={!compared.latest}>
                  <PageState kind="loading" testid="diff-loading">
                    <p>Loading both revisions…</p>
                  </PageState>
                </Match>
                <Match when={compared.latest}>
                  {(shown) => (
                    <div class="revisions-compared" aria-busy={compared.loading}>
                      <DiffLegend diff={shown().diff} from={shown().from} to={shown().to} />
                      <DiffCanvas
                        picture={shown().picture}
                        selected={selected()}
                        onSelect={(id) => setSelected((old) => (old === id ? undefined : id))}
                        label={`Revision ${shown().from} against revision ${shown().to}`}
                      />
                      <Show
                        when={selectedTool()}
                        fallback={
                          <p class="revisions-hint" data-testid="tool-compare-hint">
                            Select a tool on the canvas to see its settings in both revisions side by side.
                          </p>
                        }
                      >
                        {(tool) => (
                          <ToolComparePanel
                            tool={tool()}
                            from={shown().from}
                            to={shown().to}
                            onClose={() => setSelected(undefined)}
                          />
                        )}
                      </Show>
                    </div>
                  )}
                </Match>
              </Switch>
            </section>
          </div>
        </Match>
      </Switch>
    </main>
  );
}
