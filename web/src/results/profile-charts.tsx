import { For, Show } from "solid-js";
import { cellDisplay, cellText } from "./cell-format";
import { formatCount, formatPercent } from "./number-format";
import { valueLabel } from "./profile-format";

/**
 * The small charts of a column profile, in plain CSS: the most frequent values as
 * bars, the range of a numeric column with its median and mean, and how complete it is.
 * The numbers are in text next to each bar; the shapes are aria-hidden.
 */

/** The most frequent values: one bar each, as long as its count against the largest. */
export function TopValuesBars(props: { values: readonly [unknown, number][]; rows: number; column: string }) {
  const largest = () => Math.max(1, ...props.values.map(([, n]) => n));
  return (
    <ul class="prof-bars" aria-label={`Most frequent values of ${props.column}`}>
      <For each={props.values}>
        {([value, count]) => {
          const text = valueLabel(value);
          const share = () => (props.rows > 0 ? (count / props.rows) * 100 : 0);
          return (
            <li class="prof-bar-row">
              <span class="prof-bar-label" title={cellText(value) ?? "null"} classList={{ blank: text.blank }}>
                {text.text}
              </span>
              <span class="prof-bar-track" aria-hidden="true">
                <span class="prof-bar" style={{ width: `${(count / largest()) * 100}%` }} />
              </span>
              <span class="prof-bar-count">
                {formatCount(count)}
                <span class="muted"> · {formatPercent(share(), 1)}%</span>
              </span>
            </li>
          );
        }}
      </For>
    </ul>
  );
}

/** Where the values lie between min and max, with the median (line) and mean (dot) marked. */
export function RangeStrip(props: { min: number; max: number; median?: number | null; mean?: number | null }) {
  const at = (v: number) => (props.max === props.min ? 50 : ((v - props.min) / (props.max - props.min)) * 100);
  return (
    <div class="prof-range">
      <div class="prof-range-track" aria-hidden="true">
        <Show when={typeof props.median === "number"}>
          <span class="prof-range-median" style={{ left: `${at(props.median as number)}%` }} />
        </Show>
        <Show when={typeof props.mean === "number"}>
          <span class="prof-range-mean" style={{ left: `${at(props.mean as number)}%` }} />
        </Show>
      </div>
      <div class="prof-range-labels">
        <Num value={props.min} />
        <span class="muted">
          <Show when={typeof props.median === "number"}>
            median <Num value={props.median as number} />
          </Show>
          <Show when={typeof props.mean === "number"}>
            {" "}
            · mean <Num value={props.mean as number} />
          </Show>
        </span>
        <Num value={props.max} />
      </div>
    </div>
  );
}

/** How many rows have a value: the filled part of a thin bar. */
export function Completeness(props: { count: number; rows: number }) {
  const filled = () => (props.rows > 0 ? (props.count / props.rows) * 100 : 100);
  return (
    <span class="prof-complete" title={`${formatPercent(filled())}% of rows have a value`} aria-hidden="true">
      <span class="prof-complete-fill" style={{ width: `${filled()}%` }} />
    </span>
  );
}

/** A number for reading (274.379), the exact value on hover when that differs. */
function Num(props: { value: number }) {
  const shown = () => cellDisplay(props.value, () => true);
  return <span title={shown().title}>{shown().text}</span>;
}
