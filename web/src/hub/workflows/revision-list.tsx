import { For, Show } from "solid-js";
import type { RevisionPair } from "./revision-pair";
import type { HubRevision } from "./revisions-api";
import { timeAgo } from "./time-ago";

/**
 * A page of a workflow's revisions, newest first: number, message, who, when; two radio
 * columns choose the pair to compare (before older than after, as in a wiki's history); each
 * row downloads its revision, and restores it when the person may (its owner; never the newest).
 */
export function RevisionList(props: {
  revisions: HubRevision[];
  newest: number;
  pair: RevisionPair;
  /** Compare from this revision (the page keeps "to" newer). */
  onFrom(revision: number): void;
  /** Compare to this revision (the page keeps "from" older). */
  onTo(revision: number): void;
  author(id: string | null): string;
  canRestore: boolean;
  busy: number | undefined;
  onDownload(revision: number): void;
  onRestore(revision: number): void;
}) {
  const now = Date.now();
  return (
    <table class="hub-table revision-list" data-testid="revision-list">
      <thead>
        <tr>
          <th scope="col" class="revision-pick">
            Before
          </th>
          <th scope="col" class="revision-pick">
            After
          </th>
          <th scope="col">Revision</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.revisions}>
          {(r) => (
            <tr
              data-testid="revision-row"
              data-revision={r.revision}
              classList={{ compared: r.revision === props.pair.from || r.revision === props.pair.to }}
            >
              <td class="revision-pick">
                <input
                  type="radio"
                  name="revision-before"
                  data-testid={`revision-before-${r.revision}`}
                  aria-label={`Compare from revision ${r.revision}`}
                  checked={props.pair.from === r.revision}
                  disabled={r.revision === props.newest && props.newest > 1}
                  onChange={() => props.onFrom(r.revision)}
                />
              </td>
              <td class="revision-pick">
                <input
                  type="radio"
                  name="revision-after"
                  data-testid={`revision-after-${r.revision}`}
                  aria-label={`Compare to revision ${r.revision}`}
                  checked={props.pair.to === r.revision}
                  disabled={r.revision === 1 && props.newest > 1}
                  onChange={() => props.onTo(r.revision)}
                />
              </td>
              <td class="revision-what">
                <span class="revision-number">
                  Revision {r.revision}
                  <Show when={r.revision === props.newest}>
                    <span class="hub-badge">newest</span>
                  </Show>
                </span>
                <span class="revision-message" classList={{ none: !r.message }} data-testid="revision-message">
                  {r.message || "No message"}
                </span>
                <span class="revision-meta">
                  {props.author(r.author_id)} ·{" "}
                  <time datetime={r.created_at} title={new Date(r.created_at).toLocaleString()}>
                    {timeAgo(r.created_at, now)}
                  </time>
                </span>
                <span class="revision-actions">
                  <button
                    type="button"
                    data-testid={`revision-download-${r.revision}`}
                    title={`Download revision ${r.revision} as a .weft.json file`}
                    aria-busy={props.busy === r.revision}
                    onClick={() => props.onDownload(r.revision)}
                  >
                    Download
                  </button>
                  <Show when={props.canRestore && r.revision !== props.newest}>
                    <button
                      type="button"
                      data-testid={`revision-restore-${r.revision}`}
                      title={`Store revision ${r.revision}'s workflow as a new revision (history is kept)`}
                      disabled={props.busy !== undefined}
                      onClick={() => props.onRestore(r.revision)}
                    >
                      Restore
                    </button>
                  </Show>
                </span>
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
