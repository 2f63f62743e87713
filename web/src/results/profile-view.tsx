import { For, Match, Show, Switch } from "solid-js";
import type { ColumnInfo, ColumnProfile, ProfileResult } from "../lib/api";
import type { Failure } from "../state/tool-error";
import { formatCount } from "./number-format";
import { Completeness, RangeStrip, TopValuesBars } from "./profile-charts";
import { numericRange, qualityLines, topValuesWorthShowing } from "./profile-format";
import "./profile-view.css";

/** A profile asked for one socket of a tool as it was (`key`: its lineage key then). */
export type ProfileEntry =
  | { key: string | undefined; state: "loading" }
  | { key: string | undefined; state: "done"; result: ProfileResult }
  | { key: string | undefined; state: "error"; failure: Failure };

/**
 * The Profile tab: on demand (a profile reads the socket's full data), each column's
 * quality metrics and a small chart: where numeric values lie (min, median, mean, max) and
 * the most frequent values as bars. The Server gives no histogram, so top values it is.
 */
export function ProfileView(props: {
  entry: ProfileEntry | undefined;
  /** The socket's columns now (for dtypes); a profile of older data still shows. */
  columns: readonly ColumnInfo[];
  /** Whether the profile was made for the data as it is now. */
  current: boolean;
  socketLabel: string;
  onProfile(): void;
}) {
  const dtypeOf = (name: string) => props.columns.find((c) => c.name === name)?.dtype ?? "";
  const busy = () => props.entry?.state === "loading";
  return (
    <div class="profile-view" data-testid="profile-view">
      <div class="prof-head">
        <button
          type="button"
          class="results-button primary"
          data-testid="profile-button"
          disabled={busy()}
          onClick={() => props.onProfile()}
        >
          {busy() ? "Profiling…" : props.entry ? "Profile again" : "Profile"}
        </button>
        <Switch
          fallback={
            <span class="muted">
              Profiling reads all rows of {props.socketLabel}, not only the preview: counts, nulls, distinct values,
              white space and the most frequent values of each column.
            </span>
          }
        >
          <Match when={props.entry?.state === "done" && props.entry}>
            {(entry) => {
              const result = () => (entry() as Extract<ProfileEntry, { state: "done" }>).result;
              return (
                <span class="muted" aria-live="polite">
                  {formatCount(result().row_count)} rows · {Object.keys(result().columns).length} columns profiled
                  <Show when={!props.current}>
                    <strong class="prof-stale"> · the data changed since: profile again</strong>
                  </Show>
                </span>
              );
            }}
          </Match>
          <Match when={busy()}>
            <span class="muted" aria-live="polite">
              Reading all rows…
            </span>
          </Match>
        </Switch>
      </div>
      <Show when={props.entry?.state === "error" && props.entry}>
        {(entry) => (
          <p class="results-error" role="alert">
            {(entry() as Extract<ProfileEntry, { state: "error" }>).failure.message}
          </p>
        )}
      </Show>
      <Show when={props.entry?.state === "done" && props.entry}>
        {(entry) => {
          const result = () => (entry() as Extract<ProfileEntry, { state: "done" }>).result;
          return (
            <div class="prof-grid" classList={{ stale: !props.current }}>
              <For each={Object.entries(result().columns)}>
                {([name, profile]) => (
                  <ColumnCard name={name} dtype={dtypeOf(name)} profile={profile} rows={result().row_count} />
                )}
              </For>
            </div>
          );
        }}
      </Show>
    </div>
  );
}

function ColumnCard(props: { name: string; dtype: string; profile: ColumnProfile; rows: number }) {
  const range = () => numericRange(props.profile);
  const lines = () => qualityLines(props.profile, props.rows);
  return (
    <section class="prof-card" data-testid={`profile-column-${props.name}`} aria-label={`Profile of ${props.name}`}>
      <header class="prof-card-head">
        <h4 title={props.name}>{props.name}</h4>
        <span class="mono muted">{props.dtype}</span>
      </header>
      <Show when={typeof props.profile.count === "number"}>
        <Completeness count={props.profile.count as number} rows={props.rows} />
      </Show>
      <dl class="prof-metrics">
        <For each={lines()}>
          {(line) => (
            <div classList={{ warn: line.warn }} data-metric={line.metric}>
              <dt>{line.label}</dt>
              <dd title={line.title}>{line.value}</dd>
            </div>
          )}
        </For>
      </dl>
      <Show when={range()}>{(r) => <RangeStrip {...r()} />}</Show>
      <Show
        when={topValuesWorthShowing(props.profile)}
        fallback={
          <Show when={(props.profile.top_values?.length ?? 0) > 0}>
            <p class="muted prof-note">Every value occurs once.</p>
          </Show>
        }
      >
        <h5 class="prof-sub">Most frequent</h5>
        <TopValuesBars values={props.profile.top_values ?? []} rows={props.rows} column={props.name} />
      </Show>
    </section>
  );
}
