import { For, Show } from "solid-js";
import { hasChanges, type RevisionDiff } from "./revision-diff";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What changed, counted, in the canvas's own marks: a chip per kind of tool change (the badge
 * the tools carry) and a sample of each kind of wire. Says so when nothing changed.
 */
export function DiffLegend(props: { diff: RevisionDiff; from: number; to: number }) {
  const c = () => props.diff.counts;
  const chips = () =>
    [
      { kind: "added", icon: "+", text: `${plural(c().added, "tool")} added`, n: c().added },
      { kind: "removed", icon: "−", text: `${plural(c().removed, "tool")} removed`, n: c().removed },
      { kind: "changed", icon: "✎", text: `${plural(c().changed, "tool")} changed`, n: c().changed },
      { kind: "moved", icon: "↔", text: `${plural(c().moved, "tool")} moved`, n: c().moved },
    ].filter((chip) => chip.n > 0);
  return (
    <div class="diff-legend" data-testid="diff-legend">
      <Show
        when={hasChanges(props.diff)}
        fallback={
          <p data-testid="diff-none">
            <Show
              when={props.from !== props.to}
              fallback={<>The only revision so far: each save in the designer with a change adds one to compare.</>}
            >
              Revisions {props.from} and {props.to} hold the same workflow.
            </Show>
          </p>
        }
      >
        <ul aria-label={`From revision ${props.from} to revision ${props.to}`}>
          <For each={chips()}>
            {(chip) => (
              <li class={`diff-chip diff-chip-${chip.kind}`} data-legend={chip.kind}>
                <span class="diff-chip-icon" aria-hidden="true">
                  {chip.icon}
                </span>
                {chip.text}
              </li>
            )}
          </For>
          <Show when={c().wiresAdded > 0}>
            <li class="diff-chip-wire" data-legend="wire-added">
              <svg width="36" height="12" aria-hidden="true" class="diff-wire diff-wire-added">
                <path d="M 2 6 L 34 6" />
              </svg>
              {plural(c().wiresAdded, "wire")} added
            </li>
          </Show>
          <Show when={c().wiresRemoved > 0}>
            <li class="diff-chip-wire" data-legend="wire-removed">
              <svg width="36" height="12" aria-hidden="true" class="diff-wire diff-wire-removed">
                <path d="M 2 6 L 34 6" />
              </svg>
              {plural(c().wiresRemoved, "wire")} removed
            </li>
          </Show>
        </ul>
      </Show>
    </div>
  );
}
